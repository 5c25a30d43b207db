package com.example.shop.cart.webhooks;

import java.util.Date;

/**
 * One event as the receivers get it: its id (the {@code webhook-id} of every delivery of it), its
 * type, its subject (an order id, a sku) with the subject's {@code sequence}, and the exact body
 * sent, which the signatures cover.
 * <pre>
 * webhook_outbox { _id: event id, type, subject, sequence, payload, at }                 not yet fanned out
 * webhook_events { _id: event id, type, subject, sequence, payload, at, fanned_out }      fanned out, kept for redelivery
 * </pre>
 * Read and written by {@link StoredEventCodec}.
 */
record StoredEvent(String id, WebhookEventType type, String subject, long sequence, String payload, Date at, boolean fannedOut) {

    static final String ID = "_id";
    static final String TYPE = "type";
    static final String SUBJECT = "subject";
    static final String SEQUENCE = "sequence";
    static final String PAYLOAD = "payload";
    static final String AT = "at";
    static final String FANNED_OUT = "fanned_out";
}

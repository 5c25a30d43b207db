package com.example.shop.cart.webhooks;

import java.util.Date;
import java.util.List;

/**
 * One event to one subscription, and what each attempt to send it met.
 * <pre>
 * webhook_deliveries { _id: "&lt;subscription&gt; &lt;inverted millis&gt; &lt;event id&gt;", subscription, event_id, type,
 *                      subject, sequence, created_at, retry_from, state, attempt_count, next_at?, finished_at?,
 *                      attempts: [{at, status?, latency_ms, error?}] (the last {@value #KEPT_ATTEMPTS}) }
 * </pre>
 * The id is made from the event's id and time as stored, so a repeated fan-out writes the same
 * delivery, and one subscription's deliveries are one {@code _id} range, newest first
 * ({@link #idOf}). {@code retry_from} starts the retry window (a redelivery starts it again).
 * Read and written by {@link StoredDeliveryCodec}.
 */
record StoredDelivery(String id, String subscription, String eventId, WebhookEventType type, String subject, long sequence,
                      Date createdAt, Date retryFrom, DeliveryState state, long attemptCount, Date nextAt, Date finishedAt,
                      List<Attempt> attempts) {

    static final String ID = "_id";
    static final String SUBSCRIPTION = "subscription";
    static final String EVENT_ID = "event_id";
    static final String TYPE = "type";
    static final String SUBJECT = "subject";
    static final String SEQUENCE = "sequence";
    static final String CREATED_AT = "created_at";
    static final String RETRY_FROM = "retry_from";
    static final String STATE = "state";
    static final String ATTEMPT_COUNT = "attempt_count";
    static final String NEXT_AT = "next_at";
    static final String FINISHED_AT = "finished_at";
    static final String ATTEMPTS = "attempts";

    /** Attempts kept on a delivery: a day of retries is some 35, and redeliveries add more. */
    static final int KEPT_ATTEMPTS = 50;
    /** Above any inverted time, so that {@code "<subscription> "} to {@code "<subscription>!"} holds every delivery of it. */
    static final String RANGE_END = "!";
    private static final long INVERTED_FROM = 9_999_999_999_999L;

    StoredDelivery {
        attempts = List.copyOf(attempts);
    }

    /** One request to the receiver: its status (null when none came back), how long it took, and what went wrong. */
    record Attempt(Date at, Integer status, long latencyMillis, String error) {
        static final String AT = "at";
        static final String STATUS = "status";
        static final String LATENCY_MS = "latency_ms";
        static final String ERROR = "error";
    }

    /** A new delivery of {@code event} to {@code subscription}, due now. */
    static StoredDelivery of(String subscription, StoredEvent event, Date now) {
        return new StoredDelivery(idOf(subscription, event), subscription, event.id(), event.type(), event.subject(),
                event.sequence(), now, now, DeliveryState.PENDING, 0, now, null, List.of());
    }

    /**
     * {@code "<subscription> <inverted millis> <event id>"}: the event's time inverted (13 digits, to the
     * year 2286), so a page in {@code _id} order is newest first.
     */
    static String idOf(String subscription, StoredEvent event) {
        return prefixOf(subscription) + String.format("%013d", INVERTED_FROM - event.at().getTime()) + " " + event.id();
    }

    /** What every delivery id of the subscription starts with. */
    static String prefixOf(String subscription) {
        return subscription + " ";
    }
}

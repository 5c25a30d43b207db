package com.example.shop.cart.webhooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Date;
import java.util.Map;
import java.util.Objects;

/**
 * What the other features call to tell subscribers of a change: {@link #append} writes the event to
 * {@code webhook_outbox}, to be fanned out to the subscriptions that want it and delivered at least
 * once (see docs/design.md, Webhooks). Call it with the change, after the change's own write: an
 * append that fails is the caller's to retry (with the same subject and sequence, which make the
 * same event, so a retried step writes it once).
 *
 * <p>The {@code sequence} orders the events of one subject: it grows with each change of that
 * order or sku (the stock document's {@code rev}, the order's count of changes), so a receiver keeps the
 * highest it has seen and drops older ones that arrive late.
 */
@Singleton
public record WebhookEvents(OutboxStore outbox, WebhookSender sender, SubscribedTypes subscribed, ObjectMapper json) {

    /** Longest subject: an order number or a sku (64 characters) fits. */
    static final int MAX_SUBJECT = 128;

    /**
     * Appends the event of a change and wakes the sender; returns its id, which is the
     * {@code webhook-id} of its deliveries. {@code data} is the payload's {@code data} (written as
     * JSON). A second append of the same type, subject and sequence writes nothing, and so does an
     * append of a type no enabled subscription wants ({@link SubscribedTypes}).
     */
    public String append(WebhookEventType type, String subject, long sequence, Map<String, ?> data) {
        Objects.requireNonNull(type, "type");
        if (subject == null || subject.isEmpty() || subject.length() > MAX_SUBJECT) {
            throw new IllegalArgumentException("a webhook event's subject is 1 to " + MAX_SUBJECT + " characters");
        }
        String id = eventId(type, subject, sequence);
        if (!subscribed.wants(type)) {
            return id;
        }
        Date now = new Date();
        ObjectNode payload = json.createObjectNode();
        payload.put("type", type.wire());
        payload.put("timestamp", now.toInstant().toString());
        payload.put("subject", subject);
        payload.put("sequence", sequence);
        payload.set("data", json.valueToTree(data == null ? Map.of() : data));
        if (outbox.insertIfAbsent(new StoredEvent(id, type, subject, sequence, payload.toString(), now, false))) {
            sender.wake();
        }
        return id;
    }

    /**
     * The id of the event of {@code type} for {@code subject} at {@code sequence}: {@code evt_} and 24
     * characters of base64url of their SHA-256, the same for every append of that change.
     */
    public static String eventId(WebhookEventType type, String subject, long sequence) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest((type.wire() + "\n" + subject + "\n" + sequence).getBytes(StandardCharsets.UTF_8));
            return "evt_" + Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(hash, 18));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}

package com.example.shop.cart.orders;

import com.example.shop.cart.CartSeam;
import com.example.shop.cart.webhooks.WebhookEventType;
import com.example.shop.cart.webhooks.WebhookEvents;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * The webhook events of an order's changes: {@code order.placed}, {@code order.cancelled},
 * {@code order.fulfilled}, one per entry of its history. Each change of status writes
 * {@code unannounced: true} on the order in the same update; {@link #announce} then appends the
 * event of every history entry (subject the order number, sequence the entry's position from 1),
 * and removes the mark. An event's id comes from its type, subject and sequence, so a second append
 * writes nothing, even after the event was delivered: a writer that died between the change and the
 * append leaves the mark, and the next one to read the order (a resumed checkout or cancel, a second
 * fulfil, {@code resolve-checkouts}) writes the event once. See docs/design.md, Webhooks.
 */
@Singleton
public record OrderEvents(OrdersStore store, WebhookEvents webhooks, Seams seams) {

    private static final Logger LOG = Logger.getLogger(OrderEvents.class);
    /** Orders one run of the job announces at most; the next run takes the rest. */
    static final int LEFT_OVER_PER_RUN = 1000;

    /**
     * Appends the events of the order's history, if it is marked unannounced. Never throws for a
     * failed write: the change is made, and the mark that stays has the job append them.
     */
    void announce(StoredOrder order) {
        if (order == null || !order.unannounced()) {
            return;
        }
        seams.reached(CartSeam.ORDER_CHANGED, order.number());
        try {
            List<StoredOrder.Change> history = order.history();
            OrderView view = OrderView.of(order);
            for (int i = 0; i < history.size(); i++) {
                StoredOrder.Change change = history.get(i);
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("number", order.number());
                data.put("status", change.status().wire());
                data.put("at", change.at().toString());
                data.put("order", view);
                webhooks.append(type(change.status()), String.valueOf(order.number()), i + 1L, data);
            }
            store.announced(order.id(), history.size());
        } catch (RuntimeException e) {
            LOG.warnf("The webhook events of order %d could not be written (%s); resolve-checkouts writes them", order.number(),
                    e.toString());
        }
    }

    /** Announces the orders a dead writer left marked; how many it read. */
    public int announceLeftOver() {
        List<StoredOrder> left = store.unannounced(LEFT_OVER_PER_RUN);
        left.forEach(this::announce);
        return left.size();
    }

    private static WebhookEventType type(OrderStatus status) {
        return switch (status) {
            case PLACED -> WebhookEventType.ORDER_PLACED;
            case CANCELLED -> WebhookEventType.ORDER_CANCELLED;
            case FULFILLED -> WebhookEventType.ORDER_FULFILLED;
        };
    }
}

package com.example.shop.cart.orders;

import com.example.shop.cart.CartProblems;
import com.example.shop.cart.CartSeam;
import com.example.shop.cart.inventory.ReturnSoldUnits;
import com.example.shop.cart.payment.PaymentGateway;
import com.example.shop.cart.payment.PaymentGateway.PaymentOutcomeUnknown;
import com.example.shop.cart.payment.PaymentGateway.RefundRequest;
import com.example.shop.cart.payment.PaymentGateway.RefundResult;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * POST /admin/orders/{number}/cancel, the whole order (a line alone is never cancelled):
 * <ol>
 * <li>placed → cancelled in one update guarded by {@code status: placed}, which also leases the
 * order to this worker: of two cancels at once, one wins it, and only the lease holder gives units back;</li>
 * <li>its {@code order.cancelled} webhook event ({@link OrderEvents}), by whoever holds the lease;</li>
 * <li>each line's units back to available stock through the inventory's journalled move
 * ({@link ReturnSoldUnits}), recorded on the order before the move is settled;</li>
 * <li>the refund through {@link PaymentGateway} under the key {@code refund:<order id>}, its answer recorded;</li>
 * <li>{@code settled}, and the lease released.</li>
 * </ol>
 * A cancel that dies part-way is finished by the next cancel of the order or by the stalled-checkout
 * job ({@link #finishLeftOver}), each taking the lease first. A fulfilled order is a 409. See
 * docs/design.md, Orders.
 */
@Singleton
public record CancelOrder(OrdersStore store, GetOrder getOrder, ReturnSoldUnits returns, PaymentGateway gateway, OrderEvents events,
                          Seams seams) {

    private static final Logger LOG = Logger.getLogger(CancelOrder.class);
    /** How long a worker holds an order to finish its cancel: far longer than that takes. */
    static final Duration FINISHING = Duration.ofMinutes(2);
    /** Cancels one run of the job finishes at most; the next run takes the rest. */
    static final int LEFT_OVER_PER_RUN = 1000;

    /** Cancels the order (or finishes a cancel left part-way) and answers it as it is then. */
    public OrderView cancel(long number) {
        // the status moves at most once from placed: a lost update is seen on the next read
        for (int round = 0; round < 3; round++) {
            StoredOrder order = getOrder.require(number);
            switch (order.status()) {
                case FULFILLED -> throw CartProblems.orderFulfilled(number);
                case CANCELLED -> {
                    if (!order.settled()) {
                        finishIfFree(order.id());
                    }
                    return OrderView.of(store.find(order.id()));
                }
                case PLACED -> {
                    String holder = UUID.randomUUID().toString();
                    StoredOrder cancelled = store.cancel(order.id(), holder, FINISHING, Instant.now());
                    if (cancelled != null) {
                        finish(cancelled, holder);
                        return OrderView.of(store.find(order.id()));
                    }
                }
            }
        }
        throw new IllegalStateException("order " + number + " kept changing");
    }

    /** Finishes the cancels that died part-way and that no worker holds now; how many it finished. */
    public int finishLeftOver() {
        int finished = 0;
        for (StoredOrder order : store.unsettledCancels(LEFT_OVER_PER_RUN)) {
            finished += finishIfFree(order.id()) ? 1 : 0;
        }
        return finished;
    }

    /** Takes the order's lease if no other worker holds it and finishes its cancel; true when it is settled now. */
    private boolean finishIfFree(String id) {
        String holder = UUID.randomUUID().toString();
        if (!store.takeFinishing(id, holder, FINISHING, Instant.now())) {
            return false; // another worker is finishing it
        }
        StoredOrder order = store.find(id); // read under the lease: what the previous holder recorded
        if (order.status() != OrderStatus.CANCELLED || order.settled()) {
            store.releaseFinishing(id, holder);
            return false;
        }
        return finish(order, holder);
    }

    /**
     * Gives back the units of the lines not yet returned, asks for the refund if not yet answered, and
     * settles the order when both are done; releases the lease in any case. True when settled.
     */
    private boolean finish(StoredOrder order, String holder) {
        try {
            events.announce(order);
            seams.reached(CartSeam.AFTER_CANCEL);
            boolean busy = false;
            for (StoredOrder.Line line : order.lines()) {
                if (order.returned(line.sku())) {
                    continue;
                }
                Optional<ReturnSoldUnits.Returned> returned = returns.begin(line.sku(), order.id(), line.qty());
                if (returned.isEmpty()) {
                    busy = true; // the cleanup holds the move now: the next cancel or job run finishes it
                    continue;
                }
                store.recordReturn(order.id(), line.sku());
                returns.settle(returned.get());
            }
            seams.reached(CartSeam.BEFORE_REFUND);
            boolean answered = order.payment().refund() != null || refund(order);
            return !busy && answered && store.settle(order.id()) != null;
        } finally {
            store.releaseFinishing(order.id(), holder);
        }
    }

    /** Asks for the refund (idempotent by its key) and records the answer; false when none came. */
    private boolean refund(StoredOrder order) {
        RefundResult result;
        try {
            result = gateway.refund(new RefundRequest(refundKey(order.id()), order.payment().chargeId(), order.totalAmount(),
                    order.currency()));
        } catch (PaymentOutcomeUnknown e) {
            LOG.warnf("No answer to the refund of order %d yet (%s); the stalled-checkout job asks again", order.number(), e.getMessage());
            return false;
        }
        seams.reached(CartSeam.AFTER_REFUND);
        Instant now = Instant.now();
        switch (result.outcome()) {
            case APPROVED -> store.recordRefund(order.id(), new StoredOrder.Refund(RefundState.REFUNDED, result.refundId(), null, now));
            case DECLINED -> {
                LOG.errorf("The payment gateway declined the refund of order %d (%s): pay it back by hand", order.number(), result.reason());
                store.recordRefund(order.id(), new StoredOrder.Refund(RefundState.DECLINED, null, result.reason(), now));
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** The key the payment gateway knows an order's refund by: one refund per order, however often asked. */
    public static String refundKey(String orderId) {
        return "refund:" + orderId;
    }
}

package com.example.shop.cart.carts;

import com.example.shop.cart.orders.CancelOrder;
import com.example.shop.cart.orders.OrderEvents;
import com.example.shop.cart.payment.PaymentGateway;
import com.example.shop.cart.payment.PaymentGateway.PaymentResult;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.function.Consumer;

/**
 * Resolves checkouts whose request died or whose payment answer never came: a cart pending for
 * longer than {@code cart.checkout.stalled-after} is settled by what the payment gateway says of
 * its key: approved → complete, sold and ordered; declined → active again (402 on replay); unknown
 * (the charge never arrived) → active again, attempt {@code abandoned}. The cart keeps its
 * reservations throughout. Also finishes the sale and the order of complete carts that are not yet
 * settled (a crash after completing), and the cancels of orders a dead request left part-way
 * ({@link CancelOrder}), and writes the webhook events of orders a dead request changed without
 * them ({@link OrderEvents}). All guarded like the request's own ends ({@link SettleCheckout}), so
 * replicas and a late request agree. The jobs feature runs it ({@code jobs.JobRunner}).
 */
@ApplicationScoped
public class ResolveCheckouts {

    private final CartsStore carts;
    private final PaymentGateway gateway;
    private final SettleCheckout settle;
    private final CancelOrder cancels;
    private final OrderEvents orderEvents;

    ResolveCheckouts(CartsStore carts, PaymentGateway gateway, SettleCheckout settle, CancelOrder cancels, OrderEvents orderEvents) {
        this.carts = carts;
        this.gateway = gateway;
        this.settle = settle;
        this.cancels = cancels;
        this.orderEvents = orderEvents;
    }

    public CheckoutReport run(Duration stalledAfter) {
        return run(stalledAfter, soFar -> { });
    }

    /** As {@link #run(Duration)}, telling {@code progress} the counts after each cart. */
    public CheckoutReport run(Duration stalledAfter, Consumer<CheckoutReport> progress) {
        Date cutoff = Date.from(Instant.now().minus(stalledAfter));
        int completed = 0;
        int released = 0;
        for (StoredCart cart : carts.stalledCheckouts(cutoff)) {
            String cartId = cart.id();
            StoredCart.Attempt attempt = cart.pendingAttempt();
            if (attempt == null) {
                continue;
            }
            String key = attempt.key();
            PaymentResult result = gateway.status(Checkout.gatewayKey(cartId, key));
            switch (result.outcome()) {
                case APPROVED -> completed += settle.approve(cartId, key, result.chargeId(), false) != null ? 1 : 0;
                case DECLINED -> released += settle.decline(cartId, key, CheckoutState.DECLINED, result.reason()) != null ? 1 : 0;
                default -> released += settle.decline(cartId, key, CheckoutState.ABANDONED, "no answer from the payment gateway") != null ? 1 : 0;
            }
            progress.accept(new CheckoutReport(completed, released, 0, 0, 0));
        }
        int finalized = 0;
        for (StoredCart cart : carts.unsettledSales(cutoff)) {
            settle.finalizeSale(cart.id());
            finalized++;
            progress.accept(new CheckoutReport(completed, released, finalized, 0, 0));
        }
        int cancelsFinished = cancels.finishLeftOver();
        int ordersAnnounced = orderEvents.announceLeftOver();
        return new CheckoutReport(completed, released, finalized, cancelsFinished, ordersAnnounced);
    }
}

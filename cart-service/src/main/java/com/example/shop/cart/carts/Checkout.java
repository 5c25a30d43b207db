package com.example.shop.cart.carts;

import com.example.shop.cart.CartProblems;
import com.example.shop.cart.CartSeam;
import com.example.shop.cart.orders.OrderReceipt;
import com.example.shop.cart.orders.PlaceOrder;
import com.example.shop.cart.payment.PaymentGateway;
import com.example.shop.cart.payment.PaymentGateway.PaymentOutcomeUnknown;
import com.example.shop.cart.payment.PaymentGateway.PaymentRequest;
import com.example.shop.cart.payment.PaymentGateway.PaymentResult;
import com.example.shop.web.concurrency.Attempts;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.Optional;

/**
 * POST /carts/{id}/checkout with an Idempotency-Key.
 * <ol>
 * <li>If the cart already has an attempt under this key, its recorded outcome is answered again
 * (nothing is charged), with the order once it is made.</li>
 * <li><b>Lock</b>: active → pending in one update guarded by {@code status: active}, the
 * {@code version} read (so the amount charged is the amount of exactly these lines) and the key
 * not yet used; the attempt {@code {key, state: pending, amount, currency, method}} is pushed in the
 * same update. From here no line can change and no job touches the reservations.</li>
 * <li><b>Charge</b> through {@link PaymentGateway} with key {@code cartId:key} (idempotent there too).</li>
 * <li>Approved → {@link SettleCheckout#approve} (complete, sold, ordered); declined → back to active
 * with its reservations, 402; no answer in time → 202, the cart stays pending and the
 * stalled-checkout job asks the gateway later.</li>
 * </ol>
 */
@Singleton
public record Checkout(CartsStore store, GetCart getCart, PaymentGateway gateway, SettleCheckout settle, PlaceOrder orders,
        Attempts attempts, Seams seams) {

    /** The key under which the payment gateway knows this checkout: unique per cart and Idempotency-Key. */
    public static String gatewayKey(String cartId, String key) {
        return cartId + ":" + key;
    }

    public CheckoutResult checkout(String cartId, String key, Payment payment) {
        Locked locked = attempts.untilDone(() -> lock(cartId, key, payment.method()));
        if (locked.replayed() != null) {
            return locked.replayed();
        }
        PaymentResult result;
        try {
            result = gateway.charge(new PaymentRequest(gatewayKey(cartId, key), locked.amount(), locked.currency(),
                    payment.method(), payment.simulate() == null ? Payment.Simulate.APPROVE.wire() : payment.simulate().wire()));
        } catch (PaymentOutcomeUnknown e) {
            return replay(getCart.require(cartId), key, null);
        }
        // The end written here is the answer; if the other end won (the stalled-checkout job, or a
        // retry of this request), the cart is read to answer what was recorded.
        SettleCheckout.Ended ended = switch (result.outcome()) {
            case APPROVED -> {
                seams.reached(CartSeam.AFTER_CHARGE);
                yield settle.approve(cartId, key, result.chargeId(), true);
            }
            case DECLINED -> {
                StoredCart declined = settle.decline(cartId, key, CheckoutState.DECLINED, result.reason());
                yield declined == null ? null : new SettleCheckout.Ended(declined, null);
            }
            default -> null; // no answer: stays pending for the stalled-checkout job
        };
        return ended != null ? replay(ended.cart(), key, ended.order()) : replay(getCart.require(cartId), key, null);
    }

    /**
     * What the lock of the cart gave: the amount and currency to charge, or the recorded outcome of
     * an earlier attempt under the same key (nothing to charge).
     */
    private record Locked(long amount, String currency, CheckoutResult replayed) {
    }

    /** One read of the cart and the guarded lock; empty when the cart changed meanwhile. */
    private Optional<Locked> lock(String cartId, String key, String method) {
        StoredCart cart = getCart.require(cartId);
        if (cart.attempt(key) != null) {
            return Optional.of(new Locked(0, null, replay(cart, key, null)));
        }
        cart.requireActive();
        if (cart.items().isEmpty()) {
            throw CartProblems.emptyCart();
        }
        long total = cart.totalAmount();
        String currency = cart.currency();
        Date now = new Date();
        boolean locked = store.lockForCheckout(cartId, cart.version(), StoredCart.Attempt.pending(key, total, currency, method, now), now);
        return locked ? Optional.of(new Locked(total, currency, null)) : Optional.empty();
    }

    /**
     * The recorded outcome of the attempt under this key, with its order: {@code order} as just made,
     * or (when null) the order read, with a new token, if the payment was approved and it is made.
     */
    private CheckoutResult replay(StoredCart cart, String key, OrderReceipt order) {
        StoredCart.Attempt attempt = cart.attempt(key);
        return switch (attempt.state()) {
            case DECLINED -> throw CartProblems.paymentDeclined(attempt.reason());
            case ABANDONED -> throw CartProblems.checkoutAbandoned();
            case PENDING -> result(cart, attempt, null);
            case APPROVED -> result(cart, attempt, order != null ? order : orders.receipt(cart.id(), key).orElse(null));
        };
    }

    private static CheckoutResult result(StoredCart cart, StoredCart.Attempt attempt, OrderReceipt order) {
        return new CheckoutResult(cart.id(), cart.status().wire(), attempt.state().wire(), attempt.chargeId(), attempt.amount(),
                attempt.currency(), attempt.key(), order);
    }
}

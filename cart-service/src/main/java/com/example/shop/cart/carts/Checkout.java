package com.example.shop.cart.carts;

import com.example.shop.cart.CartProblems;
import com.example.shop.cart.payment.PaymentGateway;
import com.example.shop.cart.payment.PaymentGateway.PaymentOutcomeUnknown;
import com.example.shop.cart.payment.PaymentGateway.PaymentRequest;
import com.example.shop.cart.payment.PaymentGateway.PaymentResult;
import com.example.shop.web.concurrency.Attempts;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.Optional;

/**
 * POST /carts/{id}/checkout with an Idempotency-Key.
 * <ol>
 * <li>If the cart already has an attempt under this key, its recorded outcome is answered again
 * (nothing is charged).</li>
 * <li><b>Lock</b>: active → pending in one update guarded by {@code status: active}, the
 * {@code version} read (so the amount charged is the amount of exactly these lines) and the key
 * not yet used; the attempt {@code {key, state: pending, amount, currency}} is pushed in the same
 * update. From here no line can change and no job touches the reservations.</li>
 * <li><b>Charge</b> through {@link PaymentGateway} with key {@code cartId:key} (idempotent there too).</li>
 * <li>Approved → {@link SettleCheckout#approve} (complete + sold); declined → back to active with
 * its reservations, 402; no answer in time → 202, the cart stays pending and the stalled-checkout
 * job asks the gateway later.</li>
 * </ol>
 */
@Singleton
public record Checkout(CartsStore store, GetCart getCart, PaymentGateway gateway, SettleCheckout settle,
        Attempts attempts) {

    /** The key under which the payment gateway knows this checkout: unique per cart and Idempotency-Key. */
    public static String gatewayKey(String cartId, String key) {
        return cartId + ":" + key;
    }

    public CheckoutResult checkout(String cartId, String key, Payment payment) {
        Locked locked = attempts.untilDone(() -> lock(cartId, key));
        if (locked.replayed() != null) {
            return locked.replayed();
        }
        PaymentResult result;
        try {
            result = gateway.charge(new PaymentRequest(gatewayKey(cartId, key), locked.amount(), locked.currency(),
                    payment.method(), payment.simulate() == null ? Payment.Simulate.APPROVE.wire() : payment.simulate().wire()));
        } catch (PaymentOutcomeUnknown e) {
            return replay(getCart.require(cartId), key);
        }
        // The end written here is the answer; if the other end won (the stalled-checkout job, or a
        // retry of this request), the cart is read to answer what was recorded.
        StoredCart ended = switch (result.outcome()) {
            case APPROVED -> settle.approve(cartId, key, result.chargeId());
            case DECLINED -> settle.decline(cartId, key, CheckoutState.DECLINED, result.reason());
            default -> null; // no answer: stays pending for the stalled-checkout job
        };
        return replay(ended != null ? ended : getCart.require(cartId), key);
    }

    /**
     * What the lock of the cart gave: the amount and currency to charge, or the recorded outcome of
     * an earlier attempt under the same key (nothing to charge).
     */
    private record Locked(long amount, String currency, CheckoutResult replayed) {
    }

    /** One read of the cart and the guarded lock; empty when the cart changed meanwhile. */
    private Optional<Locked> lock(String cartId, String key) {
        StoredCart cart = getCart.require(cartId);
        if (cart.attempt(key) != null) {
            return Optional.of(new Locked(0, null, replay(cart, key)));
        }
        cart.requireActive();
        if (cart.items().isEmpty()) {
            throw CartProblems.emptyCart();
        }
        long total = cart.totalAmount();
        String currency = cart.currency();
        Date now = new Date();
        boolean locked = store.lockForCheckout(cartId, cart.version(), StoredCart.Attempt.pending(key, total, currency, now), now);
        return locked ? Optional.of(new Locked(total, currency, null)) : Optional.empty();
    }

    /** The recorded outcome of the attempt under this key. */
    private CheckoutResult replay(StoredCart cart, String key) {
        StoredCart.Attempt attempt = cart.attempt(key);
        return switch (attempt.state()) {
            case DECLINED -> throw CartProblems.paymentDeclined(attempt.reason());
            case ABANDONED -> throw CartProblems.checkoutAbandoned();
            case PENDING, APPROVED -> new CheckoutResult(cart.id(), cart.status().wire(), attempt.state().wire(),
                    attempt.chargeId(), attempt.amount(), attempt.currency(), key);
        };
    }
}

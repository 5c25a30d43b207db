package com.example.shop.cart.checkout;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.ne;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.push;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.cart.cart.CartReader;
import com.example.shop.cart.cart.CartStatus;
import com.example.shop.cart.checkout.CheckoutRecords.CheckoutResult;
import com.example.shop.cart.checkout.CheckoutRecords.Payment;
import com.example.shop.cart.config.CartDatabase;
import com.example.shop.cart.inventory.Docs;
import com.example.shop.cart.payment.PaymentGateway;
import com.example.shop.cart.payment.PaymentGateway.PaymentOutcomeUnknown;
import com.example.shop.cart.payment.PaymentGateway.PaymentRequest;
import com.example.shop.cart.payment.PaymentGateway.PaymentResult;
import com.example.shop.cart.problems.CartProblems;
import com.mongodb.client.MongoCollection;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Date;
import org.bson.Document;

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
public class Checkout {

    private final MongoCollection<Document> carts;
    private final CartReader reader;
    private final PaymentGateway gateway;
    private final SettleCheckout settle;

    @Inject
    public Checkout(CartDatabase database, CartReader reader, PaymentGateway gateway, SettleCheckout settle) {
        this.carts = database.carts();
        this.reader = reader;
        this.gateway = gateway;
        this.settle = settle;
    }

    public static String gatewayKey(String cartId, String key) {
        return cartId + ":" + key;
    }

    public CheckoutResult checkout(String cartId, String key, Payment payment) {
        long amount = -1;
        String currency = null;
        for (int attempt = 0; attempt < 100 && amount < 0; attempt++) {
            Document cart = reader.require(cartId);
            if (SettleCheckout.attempt(cart, key) != null) {
                return replay(cart, key);
            }
            String status = cart.getString("status");
            if (!CartStatus.ACTIVE.equals(status)) {
                throw CartProblems.cartInactive(status);
            }
            if (Docs.list(cart, "items").isEmpty()) {
                throw CartProblems.emptyCart();
            }
            long total = CartReader.totalAmount(cart);
            String cartCurrency = CartReader.currency(cart);
            Date now = new Date();
            long locked = carts.updateOne(
                    and(eq("_id", cartId), eq("status", CartStatus.ACTIVE), eq("version", cart.get("version")),
                            ne("checkouts.key", key)),
                    combine(set("status", CartStatus.PENDING), set("last_modified", now), inc("version", 1L),
                            push("checkouts", new Document("key", key).append("state", "pending").append("amount", total)
                                    .append("currency", cartCurrency).append("started", now)))).getModifiedCount();
            if (locked == 1) {
                amount = total;
                currency = cartCurrency;
            }
        }
        if (amount < 0) {
            throw CartProblems.busy();
        }

        PaymentResult result;
        try {
            result = gateway.charge(new PaymentRequest(gatewayKey(cartId, key), amount, currency, payment.method(),
                    payment.simulate() == null ? "approve" : payment.simulate().wire()));
        } catch (PaymentOutcomeUnknown e) {
            return replay(reader.require(cartId), key);
        }
        // The end written here is the answer; if the other end won (the stalled-checkout job, or a
        // retry of this request), the cart is read to answer what was recorded.
        Document ended = switch (result.outcome()) {
            case APPROVED -> settle.approve(cartId, key, result.chargeId());
            case DECLINED -> settle.decline(cartId, key, "declined", result.reason());
            default -> null; // no answer: stays pending for the stalled-checkout job
        };
        return replay(ended != null ? ended : reader.require(cartId), key);
    }

    /** The recorded outcome of the attempt under this key. */
    private CheckoutResult replay(Document cart, String key) {
        Document attempt = SettleCheckout.attempt(cart, key);
        String state = attempt.getString("state");
        switch (state) {
            case "declined" -> throw CartProblems.paymentDeclined(attempt.getString("reason"));
            case "abandoned" -> throw CartProblems.checkoutAbandoned();
            default -> {
                return new CheckoutResult(cart.getString("_id"), cart.getString("status"), state,
                        attempt.getString("charge_id"), Docs.num(attempt, "amount"), attempt.getString("currency"), key);
            }
        }
    }
}

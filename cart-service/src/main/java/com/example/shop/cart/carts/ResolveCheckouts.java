package com.example.shop.cart.carts;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;

import com.example.shop.cart.payment.PaymentGateway;
import com.example.shop.cart.payment.PaymentGateway.PaymentResult;
import com.mongodb.client.MongoCollection;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.function.Consumer;
import org.bson.Document;

/**
 * Resolves checkouts whose request died or whose payment answer never came: a cart pending for
 * longer than {@code cart.checkout.stalled-after} is settled by what the payment gateway says of
 * its key: approved → complete and sold; declined → active again (402 on replay); unknown (the
 * charge never arrived) → active again, attempt {@code abandoned}. The cart keeps its reservations
 * throughout. Also finishes the sale of complete carts that are not yet settled (a crash after
 * completing). All guarded like the request's own ends ({@link SettleCheckout}), so replicas and a
 * late request agree. The jobs feature runs it ({@code jobs.JobRunner}).
 */
@ApplicationScoped
public class ResolveCheckouts {

    private final MongoCollection<Document> carts;
    private final PaymentGateway gateway;
    private final SettleCheckout settle;

    ResolveCheckouts(CartsStore store, PaymentGateway gateway, SettleCheckout settle) {
        this.carts = store.carts();
        this.gateway = gateway;
        this.settle = settle;
    }

    public CheckoutReport run(Duration stalledAfter) {
        return run(stalledAfter, soFar -> { });
    }

    /** As {@link #run(Duration)}, telling {@code progress} the counts after each cart. */
    public CheckoutReport run(Duration stalledAfter, Consumer<CheckoutReport> progress) {
        Date cutoff = Date.from(Instant.now().minus(stalledAfter));
        int completed = 0;
        int released = 0;
        List<Document> stalled = carts.find(and(StoredCart.inStatus(CartStatus.PENDING), lt(StoredCart.LAST_MODIFIED, cutoff)))
                .into(new ArrayList<>());
        for (Document doc : stalled) {
            StoredCart cart = StoredCart.of(doc);
            String cartId = cart.id();
            StoredCart.Attempt attempt = cart.pendingAttempt();
            if (attempt == null) {
                continue;
            }
            String key = attempt.key();
            PaymentResult result = gateway.status(Checkout.gatewayKey(cartId, key));
            switch (result.outcome()) {
                case APPROVED -> completed += settle.approve(cartId, key, result.chargeId()) != null ? 1 : 0;
                case DECLINED -> released += settle.decline(cartId, key, CheckoutState.DECLINED, result.reason()) != null ? 1 : 0;
                default -> released += settle.decline(cartId, key, CheckoutState.ABANDONED, "no answer from the payment gateway") != null ? 1 : 0;
            }
            progress.accept(new CheckoutReport(completed, released, 0));
        }
        int finalized = 0;
        List<Document> unsettled = carts.find(and(StoredCart.inStatus(CartStatus.COMPLETE), eq(StoredCart.SETTLED, false),
                lt(StoredCart.LAST_MODIFIED, cutoff))).into(new ArrayList<>());
        for (Document cart : unsettled) {
            settle.finalizeSale(cart.getString(StoredCart.ID));
            finalized++;
            progress.accept(new CheckoutReport(completed, released, finalized));
        }
        return new CheckoutReport(completed, released, finalized);
    }
}

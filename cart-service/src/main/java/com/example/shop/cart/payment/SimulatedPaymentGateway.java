package com.example.shop.cart.payment;

import com.example.shop.cart.CartConfig;
import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * NOT A REAL PAYMENT PROVIDER. An in-memory stand-in whose outcome the request steers:
 * {@code approve} charges, {@code decline} refuses, {@code stall} charges but the answer never
 * comes back in time (the caller sees {@link PaymentOutcomeUnknown} after
 * {@code cart.payment.simulator.stall-for}; {@link #status} later says approved). Idempotent per key
 * like a real gateway; a refund is approved once per key, of a charge it made or one it forgot. Its
 * memory is lost on restart (a lost key reads as UNKNOWN). A deployment
 * with a real gateway declares its own {@link PaymentGateway} bean, which replaces this one.
 */
@DefaultBean
@ApplicationScoped
public class SimulatedPaymentGateway implements PaymentGateway {

    private final Map<String, PaymentResult> byKey = new ConcurrentHashMap<>();
    private final Map<String, RefundResult> refunds = new ConcurrentHashMap<>();
    private final Duration stallFor;

    public SimulatedPaymentGateway(CartConfig config) {
        this.stallFor = config.payment().simulator().stallFor();
    }

    @Override
    public PaymentResult charge(PaymentRequest request) {
        String steer = request.simulate() == null ? "approve" : request.simulate();
        boolean[] fresh = {false};
        PaymentResult result = byKey.computeIfAbsent(request.idempotencyKey(), key -> {
            fresh[0] = true;
            if (steer.equals("decline")) {
                return PaymentResult.declined("card declined (simulated)");
            }
            return PaymentResult.approved("sim_" + UUID.randomUUID());
        });
        if (fresh[0] && steer.equals("stall")) {
            try {
                Thread.sleep(stallFor.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new PaymentOutcomeUnknown("The payment gateway did not answer in time (simulated stall)");
        }
        return result;
    }

    @Override
    public PaymentResult status(String idempotencyKey) {
        return byKey.getOrDefault(idempotencyKey, PaymentResult.unknown());
    }

    @Override
    public RefundResult refund(RefundRequest request) {
        return refunds.computeIfAbsent(request.idempotencyKey(), key -> RefundResult.approved("simref_" + UUID.randomUUID()));
    }
}

package com.example.shop.cart.payment;

import io.quarkus.arc.DefaultBean;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import com.example.shop.cart.config.CartConfig;
import jakarta.inject.Inject;

/**
 * NOT A REAL PAYMENT PROVIDER. An in-memory stand-in whose outcome the request steers:
 * {@code approve} charges, {@code decline} refuses, {@code stall} charges but the answer never
 * comes back in time (the caller sees {@link PaymentOutcomeUnknown}; {@link #status} later says
 * approved). Idempotent per key like a real gateway; counts the charges it made so tests can
 * prove nothing was charged twice. Its memory is lost on restart (a lost key reads as UNKNOWN).
 */
@Singleton
@DefaultBean
public class SimulatedPaymentGateway implements PaymentGateway {

    private final Map<String, PaymentResult> byKey = new ConcurrentHashMap<>();
    private final AtomicInteger charges = new AtomicInteger();
    private final AtomicInteger calls = new AtomicInteger();

    @Inject
    CartConfig config;

    @Override
    public PaymentResult charge(PaymentRequest request) {
        calls.incrementAndGet();
        String steer = request.simulate() == null ? "approve" : request.simulate();
        boolean[] fresh = {false};
        PaymentResult result = byKey.computeIfAbsent(request.idempotencyKey(), key -> {
            fresh[0] = true;
            if (steer.equals("decline")) {
                return PaymentResult.declined("card declined (simulated)");
            }
            charges.incrementAndGet();
            return PaymentResult.approved("sim_" + UUID.randomUUID());
        });
        if (fresh[0] && steer.equals("stall")) {
            try {
                Thread.sleep(config.payment().simulator().stallFor().toMillis());
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

    /** Charges actually made (approved, first time for their key). */
    public int charges() {
        return charges.get();
    }

    /** Calls of {@link #charge}, including repeats answered from memory. */
    public int calls() {
        return calls.get();
    }

    /** How many charges were made under this key (0 or 1). */
    public boolean charged(String idempotencyKey) {
        return byKey.containsKey(idempotencyKey) && byKey.get(idempotencyKey).outcome() == PaymentResult.Outcome.APPROVED;
    }
}

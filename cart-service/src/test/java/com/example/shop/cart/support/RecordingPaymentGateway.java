package com.example.shop.cart.support;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.payment.PaymentGateway;
import com.example.shop.cart.payment.SimulatedPaymentGateway;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shipped simulated gateway, recording which keys it charged and how often each refund key was
 * asked, so that tests can prove a checkout never charges twice and an order is refunded under one
 * key. Replaces the production default bean in tests.
 */
@ApplicationScoped
public class RecordingPaymentGateway implements PaymentGateway {

    private final SimulatedPaymentGateway simulator;
    private final Set<String> chargedKeys = ConcurrentHashMap.newKeySet();
    private final Map<String, RefundResult> refunded = new ConcurrentHashMap<>();

    public RecordingPaymentGateway(CartConfig config) {
        this.simulator = new SimulatedPaymentGateway(config);
    }

    @Override
    public PaymentResult charge(PaymentRequest request) {
        try {
            return simulator.charge(request);
        } finally {
            // also when the answer was lost: a stalled charge went through although its caller never heard so
            if (charged(request.idempotencyKey())) {
                chargedKeys.add(request.idempotencyKey());
            }
        }
    }

    @Override
    public PaymentResult status(String idempotencyKey) {
        return simulator.status(idempotencyKey);
    }

    @Override
    public RefundResult refund(RefundRequest request) {
        RefundResult result = simulator.refund(request);
        refunded.put(request.idempotencyKey(), result);
        return result;
    }

    /** The refund made under this key, or null when none was asked for. */
    public RefundResult refunded(String idempotencyKey) {
        return refunded.get(idempotencyKey);
    }

    /** Charges made: one per key the gateway approved, however often that key was asked. */
    public int charges() {
        return chargedKeys.size();
    }

    public boolean charged(String idempotencyKey) {
        return status(idempotencyKey).outcome() == PaymentResult.Outcome.APPROVED;
    }
}

package com.example.shop.cart.payment;

/**
 * Collects payment and gives it back. Implementations must be idempotent per {@code idempotencyKey}:
 * a second {@link #charge} with the same key never charges again and answers the first outcome,
 * {@link #status} tells a later caller what became of a charge whose answer was lost, and a second
 * {@link #refund} with the same key never refunds again.
 */
public interface PaymentGateway {

    /**
     * Charges the amount. Throws {@link PaymentOutcomeUnknown} when the gateway did not answer in
     * time (the charge may or may not have happened: ask {@link #status} later).
     */
    PaymentResult charge(PaymentRequest request);

    /** What became of the charge with this key; {@link PaymentResult.Outcome#UNKNOWN} if it never arrived. */
    PaymentResult status(String idempotencyKey);

    /**
     * Refunds a charge in full. Idempotent per key: a repeat answers the first refund's outcome.
     * Throws {@link PaymentOutcomeUnknown} when the gateway did not answer in time (ask again with
     * the same key).
     */
    RefundResult refund(RefundRequest request);

    /**
     * @param simulate steering for the simulator (approve, decline, stall); real gateways ignore it
     */
    record PaymentRequest(String idempotencyKey, long amount, String currency, String method, String simulate) {
    }

    record PaymentResult(Outcome outcome, String chargeId, String reason) {

        public enum Outcome { APPROVED, DECLINED, UNKNOWN }

        public static PaymentResult approved(String chargeId) {
            return new PaymentResult(Outcome.APPROVED, chargeId, null);
        }

        public static PaymentResult declined(String reason) {
            return new PaymentResult(Outcome.DECLINED, null, reason);
        }

        public static PaymentResult unknown() {
            return new PaymentResult(Outcome.UNKNOWN, null, null);
        }
    }

    /** A refund of the whole of the charge {@code chargeId}. */
    record RefundRequest(String idempotencyKey, String chargeId, long amount, String currency) {
    }

    /** What became of a refund: {@code refundId} once approved, {@code reason} once declined. */
    record RefundResult(PaymentResult.Outcome outcome, String refundId, String reason) {

        public static RefundResult approved(String refundId) {
            return new RefundResult(PaymentResult.Outcome.APPROVED, refundId, null);
        }

        public static RefundResult declined(String reason) {
            return new RefundResult(PaymentResult.Outcome.DECLINED, null, reason);
        }
    }

    class PaymentOutcomeUnknown extends RuntimeException {
        public PaymentOutcomeUnknown(String message) {
            super(message, null, false, false);
        }
    }
}

package com.example.shop.cart.payment;

/**
 * Collects payment. Implementations must be idempotent per {@code idempotencyKey}: a second
 * {@link #charge} with the same key never charges again and answers the first outcome, and
 * {@link #status} tells a later caller what became of a charge whose answer was lost.
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

    class PaymentOutcomeUnknown extends RuntimeException {
        public PaymentOutcomeUnknown(String message) {
            super(message, null, false, false);
        }
    }
}

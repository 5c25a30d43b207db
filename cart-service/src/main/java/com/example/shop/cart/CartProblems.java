package com.example.shop.cart;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import java.util.List;

/**
 * The problem kinds of the cart service, built in one place (the kinds every service shares are
 * support/problems' {@link Problems}; past its attempts a compare-and-set answers web-support's
 * {@code concurrent-modification}).
 */
public final class CartProblems {

    private CartProblems() {
    }

    public static ProblemException cartNotFound() {
        return Problems.notFound("No cart with this id.");
    }

    public static ProblemException malformedCartId() {
        return Problems.invalidField("id", "A cart id is 43 characters of A-Z, a-z, 0-9, '-' and '_'.");
    }

    public static ProblemException cartInactive(String status) {
        return Problems.conflict("cart-inactive", "Cart inactive",
                "The cart is " + status + "; only an active cart can be changed.").with("cartStatus", status);
    }

    public static ProblemException insufficientInventory(String sku, long available, int requested) {
        return Problems.conflict("insufficient-inventory", "Insufficient inventory",
                "Only " + available + " of '" + sku + "' available, " + requested + " requested.")
                .with("sku", sku).with("available", available).with("requested", requested);
    }

    public static ProblemException unknownSku(String sku) {
        return new ProblemException(Problem.of(422, "unknown-sku", "Unknown sku",
                "The catalog has no product '" + sku + "'.").with("field", "sku").with("sku", sku));
    }

    /** A product with options asked for by its key: its variants are what is sold, each under its own sku. */
    public static ProblemException variantRequired(String key, List<String> variants) {
        return new ProblemException(Problem.of(422, "variant-required", "Variant required",
                "'" + key + "' is a product with variants; add one of its variants' skus.")
                .with("field", "sku").with("sku", key).with("variants", variants));
    }

    /** A retired variant is no longer sold; the units carts already hold run out as any hold does. */
    public static ProblemException variantRetired(String sku) {
        return Problems.conflict("variant-retired", "Variant retired",
                "The variant '" + sku + "' is retired and no longer sold.").with("sku", sku);
    }

    public static ProblemException noSuchLine(String sku) {
        return Problems.notFound("The cart has no line for '" + sku + "'.");
    }

    public static ProblemException noSuchInventory(String sku) {
        return Problems.notFound("No inventory for '" + sku + "'.");
    }

    public static ProblemException catalogUnavailable() {
        return Problems.unavailable("catalog-service", "The catalog could not be reached in time; nothing was reserved. Retry later.");
    }

    public static ProblemException currencyMismatch(String cartCurrency, String productCurrency) {
        return Problems.conflict("currency-mismatch", "Currency mismatch",
                "The cart is priced in " + cartCurrency + " but this product in " + productCurrency + ".");
    }

    public static ProblemException lineLimit(String sku, int max) {
        return Problems.conflict("line-limit", "Line limit",
                "A cart may hold at most " + max + " units of '" + sku + "'.").with("sku", sku).with("max", max);
    }

    /**
     * The product's {@code max_per_cart} counts the units of all its variants together: the cart
     * holds {@code others} of its other variants already.
     */
    public static ProblemException productLimit(String sku, String product, int max, int others) {
        return Problems.conflict("line-limit", "Line limit",
                "A cart may hold at most " + max + " units of product '" + product + "', all its variants together; it holds "
                        + others + " of its other variants.")
                .with("sku", sku).with("max", max).with("product", product).with("scope", "product"); // the catalog's max_per_cart_scope
    }

    public static ProblemException tooManyLines(int max) {
        return Problems.conflict("too-many-lines", "Too many lines",
                "A cart may hold at most " + max + " lines.").with("max", max);
    }

    public static ProblemException emptyCart() {
        return Problems.conflict("empty-cart", "Empty cart", "An empty cart cannot be checked out.");
    }

    public static ProblemException missingIdempotencyKey() {
        return Problems.invalidField("Idempotency-Key",
                "Header 'Idempotency-Key' is required: 1 to 100 characters of A-Z, a-z, 0-9, '-', '_', '.', ':'.");
    }

    public static ProblemException paymentDeclined(String reason) {
        return new ProblemException(Problem.of(402, "payment-declined", "Payment declined",
                "The payment was declined" + (reason == null ? "." : ": " + reason + ".")
                        + " The cart is active again and keeps its items."));
    }

    public static ProblemException checkoutAbandoned() {
        return Problems.conflict("checkout-abandoned", "Checkout abandoned",
                "The payment outcome of this checkout never arrived and it was released; the cart is active again. Retry with a new Idempotency-Key.");
    }

    /** A quantity above the most units one line may ever hold ({@code cart.limits.max-line-qty}): bad input. */
    public static ProblemException quantityOverLineMax(int max) {
        return Problems.invalidField("qty", "must be at most " + max + ", the most units one line may hold");
    }

    /** No order with this number, or (to a shopper) a missing or wrong Order-Token: the two are not told apart. */
    public static ProblemException orderNotFound() {
        return Problems.notFound("No such order.");
    }

    public static ProblemException malformedOrderNumber() {
        return Problems.invalidField("number", "An order number is a whole number from 100001 on.");
    }

    public static ProblemException orderFulfilled(long number) {
        return Problems.conflict("order-fulfilled", "Order fulfilled",
                "Order " + number + " is fulfilled; a fulfilled order cannot be cancelled.").with("orderStatus", "fulfilled");
    }

    public static ProblemException orderCancelled(long number) {
        return Problems.conflict("order-cancelled", "Order cancelled",
                "Order " + number + " is cancelled; a cancelled order cannot be fulfilled.").with("orderStatus", "cancelled");
    }

    public static ProblemException noSuchJob(String job, String jobs) {
        return Problems.notFound("No job '" + Problems.excerpt(job) + "'; the jobs are " + jobs);
    }

    public static ProblemException noSuchJobRun(String id) {
        return Problems.notFound("No job run '" + Problems.excerpt(id) + "'");
    }

    /** A run took the job's lease and died before recording itself: the lease runs out on its own. */
    public static ProblemException jobLeaseUnrecorded(String job, long leaseSeconds) {
        return Problems.unavailable("job lease", "A run of " + job + " holds the job but cannot be found; try again after "
                + leaseSeconds + " s");
    }

    public static ProblemException noSuchSubscription(String id) {
        return Problems.notFound("No webhook subscription '" + Problems.excerpt(id) + "'");
    }

    public static ProblemException noSuchDelivery(String id) {
        return Problems.notFound("No delivery '" + Problems.excerpt(id) + "' of this subscription");
    }

    /**
     * A receiver's URL whose host resolves to an address this service must not call (private,
     * loopback, link-local, unspecified), or does not resolve: 422 naming {@code url}.
     */
    public static ProblemException receiverRefused(String reason) {
        return new ProblemException(Problem.of(422, "receiver-refused", "Receiver refused",
                "The receiver cannot be called: " + reason + ".").with("field", "url"));
    }
}

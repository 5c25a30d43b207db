package com.example.shop.cart;

import com.example.shop.web.WireName;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/** The counters of /q/metrics: cart_reservations_total, cart_compensations_total, ... */
@ApplicationScoped
public class CartMetrics {

    private final Counter reservations;
    private final Counter reservedUnits;
    private final Counter compensations;
    private final Counter expirations;
    private final MeterRegistry registry;

    public CartMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.reservations = Counter.builder("cart.reservations").description("Successful stock reservations").register(registry);
        this.reservedUnits = Counter.builder("cart.reserved.units").description("Units reserved").register(registry);
        this.compensations = Counter.builder("cart.compensations").description("Reservations undone because the cart write failed").register(registry);
        this.expirations = Counter.builder("cart.expirations").description("Carts expired").register(registry);
    }

    public void reserved(int units) {
        reservations.increment();
        reservedUnits.increment(units);
    }

    public void compensated() {
        compensations.increment();
    }

    public void expired(long carts) {
        expirations.increment(carts);
    }

    /** Carts that held nothing, deleted after their retention. */
    public void deleted(long carts) {
        if (carts > 0) {
            Counter.builder("cart.deletions").description("Carts deleted after their retention").register(registry).increment(carts);
        }
    }

    /** Units moved from a reservation back to available stock, by why. */
    public void returned(Return reason, long units) {
        if (units > 0) {
            Counter.builder("cart.returned.units").description("Reserved units returned to available stock")
                    .tag("reason", reason.wire()).register(registry).increment(units);
        }
    }

    /** An add or change refused by a limit. */
    public void refused(Refusal limit) {
        Counter.builder("cart.limit.refusals").description("Adds and changes refused by a limit, by limit")
                .tag("reason", limit.wire()).register(registry).increment();
    }

    public void sold(long units) {
        if (units > 0) {
            Counter.builder("cart.sold.units").description("Reserved units made permanent by checkout").register(registry).increment(units);
        }
    }

    /** Why reserved units went back to available stock; the {@code reason} tag of cart_returned_units_total. */
    public enum Return implements WireName.Dashed {
        /** A decrease or removal of a line. */
        RELEASE,
        /** An add whose cart write failed after its reservation. */
        COMPENSATION,
        /** The expiry job. */
        EXPIRY,
        /** The cleanup job: reserved units no cart claims. */
        CLEANUP,
        /** A checkout: what the cart held beyond its lines. */
        CHECKOUT_EXCESS;
    }

    /** The limit that refused an add or change; the {@code reason} tag of cart_limit_refusals_total. */
    public enum Refusal implements WireName.Dashed {
        LINE_LIMIT,
        TOO_MANY_LINES;
    }
}

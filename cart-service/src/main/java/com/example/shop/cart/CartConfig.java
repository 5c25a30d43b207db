package com.example.shop.cart;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;
import java.time.Duration;
import java.util.Optional;

/** Everything the cart service can be tuned with; each key is env-overridable (CART_EXPIRY_INACTIVE_AFTER, ...). */
@ConfigMapping(prefix = "cart")
public interface CartConfig {

    Expiry expiry();

    Retention retention();

    Cleanup cleanup();

    Checkout checkout();

    Limits limits();

    Payment payment();

    Jobs jobs();

    Availability availability();

    Webhooks webhooks();

    /** The webhooks sent to subscribers' receivers (see docs/design.md, Webhooks). */
    interface Webhooks {
        /**
         * Whether a receiver may be at a private, loopback, link-local or unspecified address. Off, such
         * a URL is refused at subscription and at every send (DNS can change in between): a subscriber
         * must not reach this service's own network through it. On for tests and the local platform.
         */
        @WithDefault("false")
        boolean allowPrivateAddresses();

        /** How long one request to a receiver may take, connecting included; a delivery's claim lasts twice this. */
        @WithDefault("PT5S")
        Duration timeout();

        /** Requests in flight to one subscription at most, so a slow receiver holds only its own deliveries. */
        @WithDefault("4")
        @Min(1)
        int concurrencyPerEndpoint();

        /** The wait before the first retry of a failed delivery; each further retry waits twice as long, with jitter. */
        @WithDefault("PT5S")
        Duration firstRetryAfter();

        /** The longest wait between two retries. */
        @WithDefault("PT1H")
        Duration longestRetryAfter();

        /** How long a delivery is retried from its first attempt; then it is marked failed. */
        @WithDefault("PT24H")
        Duration retryFor();

        /** How often a running sender looks for work that another replica appended or that fell due. */
        @WithDefault("PT0.25S")
        Duration pollEvery();

        /** How often a replica with no sender running checks whether there is work, and starts one if so. */
        @WithDefault("PT1S")
        Duration every();

        /** How long a sender run waits with nothing to do before it ends (the next work starts another). */
        @WithDefault("PT1M")
        Duration idleFor();

        /**
         * How often the {@code product.changed} follower reads the catalog's product changes once it has
         * read all there was (a read that finds more reads again at once).
         */
        @WithDefault("PT0.25S")
        Duration followEvery();

        /** Deliveries and their events are kept this long for the delivery log and redelivery. */
        @WithDefault("P7D")
        Duration keepFor();
    }

    /** The availability transitions (sold out, available again) sent to the catalog's listings. */
    interface Availability {
        /** How often the outbox of transitions is sent to the catalog (a failed send is retried at the next). */
        @WithDefault("PT0.5S")
        Duration sendEvery();

        /**
         * How often the whole stock is compared with what the catalog acknowledged, so that a transition
         * lost to a crash between a stock update and its outbox write is sent after all (at most this late).
         */
        @WithDefault("PT5M")
        Duration reconcileEvery();

        /** When the first reconciliation runs after start-up (then every {@link #reconcileEvery}). */
        @WithDefault("PT10S")
        Duration reconcileFirstAfter();

        /** The catalog's {@code catalog.availability.secret}, sent as a bearer token; unset when the catalog has none. */
        Optional<String> catalogSecret();
    }

    interface Expiry {
        /** An active cart untouched for longer than this is expired and its stock returned. */
        @WithDefault("30m")
        Duration inactiveAfter();

        /** How often the expiry job runs. */
        @WithDefault("1m")
        Duration every();

        /**
         * A cart's reservations are held at most this long from its first reservation, however active
         * the cart is: touching a cart renews its idle time, not this. A cart in checkout is never cut.
         */
        @WithDefault("2h")
        Duration maxHold();

        /** Carts per batch of the expiry job: bounds one {@code $in} query and one guarded update. */
        @WithDefault("1000")
        @Min(1)
        int batchSize();
    }

    /** How long carts that hold nothing are kept before the expiry job deletes them. */
    interface Retention {
        /** An expired cart (its stock already returned) is deleted this long after it expired. */
        @WithDefault("24h")
        Duration expired();

        /** An active cart that holds nothing (never filled, or emptied) is deleted after this long untouched. */
        @WithDefault("1h")
        Duration empty();

        /**
         * A completed cart is deleted this long after checkout; unset, it is kept for ever (its order
         * is kept in {@code orders}, and the inventory's {@code sold} counters keep its units, either way).
         */
        Optional<Duration> complete();
    }

    interface Cleanup {
        /**
         * A reservation is only examined by cleanup when it, and the cart holding it, have not changed
         * for longer than this. Must be far longer than any request takes.
         */
        @WithDefault("15m")
        Duration olderThan();

        /** How often the cleanup job runs. */
        @WithDefault("5m")
        Duration every();
    }

    interface Checkout {
        /** A cart pending for longer than this is resolved by asking the payment gateway for the outcome. */
        @WithDefault("2m")
        Duration stalledAfter();

        /** How often the stalled-checkout job runs. */
        @WithDefault("1m")
        Duration every();
    }

    interface Limits {
        /** Largest quantity of one line (and of one add). */
        @WithDefault("1000")
        int maxLineQty();

        /** Most lines in one cart. */
        @WithDefault("100")
        int maxLines();
    }

    interface Payment {
        Simulator simulator();

        interface Simulator {
            /** The simulated gateway's "stall" answers "outcome unknown" after this long. */
            @WithDefault("2s")
            Duration stallFor();
        }
    }

    interface Jobs {
        /**
         * How long a run's lease on its job lasts without renewal. A replica that dies mid-run holds
         * the job this long at most; then its run is taken for dead (failed, abandoned), and a run
         * that could not renew its lease stops.
         */
        @WithDefault("30s")
        Duration lease();

        /** How often a running job renews its lease and then records its counts so far (well below the lease). */
        @WithDefault("2s")
        Duration heartbeatEvery();

        /** Finished runs older than this are deleted when a run of the same job finishes. */
        @WithDefault("P7D")
        Duration keepRunsFor();
    }
}

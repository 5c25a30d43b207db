package com.example.shop.cart.inventory;

import com.example.shop.cart.CartMetrics;
import com.example.shop.cart.CartMetrics.Return;
import com.example.shop.cart.CartSeam;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Finishes the unit moves a process left half-done and returns reserved stock no cart claims. It
 * reads only the journal and touches no collection itself: each move older than
 * {@code cart.cleanup.older-than} is claimed (two cleanups never finish one move), finished from its
 * marks, its reservations compared with what their carts claim ({@link Claims}), then settled; a cart
 * that may be changing leaves its move to the next run. A return of sold units is only settled, once
 * its order recorded it ({@link Returns}). See docs/design.md, Stock moves.
 */
@Singleton
public record CleanupInventory(MoveJournal journal, UnitMoves steps, Claims claims, Returns returns, CartMetrics metrics, Seams seams) {

    private static final Logger LOG = Logger.getLogger(CleanupInventory.class);
    /** Moves one run takes on; the next run takes the rest. */
    static final int MOVES_PER_RUN = 20_000;

    public CleanupReport run(Duration olderThan) {
        return run(olderThan, soFar -> { });
    }

    /** As {@link #run(Duration)}, telling {@code progress} the counts after each move. */
    public CleanupReport run(Duration olderThan, Consumer<CleanupReport> progress) {
        // stored dates have milliseconds: the cutoff too, so that "older than" means the same to both
        Instant cutoff = Instant.now().minus(olderThan).truncatedTo(ChronoUnit.MILLIS);
        Counts counts = new Counts();
        for (Move left : journal.olderThan(cutoff, MOVES_PER_RUN)) {
            Optional<Move> claimed = journal.claim(left);
            if (claimed.isEmpty()) {
                continue; // settled meanwhile, or another run is finishing it
            }
            Move move = claimed.get();
            counts.examined++;
            boolean settled = false;
            try {
                if (finish(move, cutoff, counts)) {
                    journal.settle(List.of(move));
                    settled = true;
                }
            } finally {
                if (!settled) {
                    journal.unclaim(move);
                }
            }
            progress.accept(counts.report());
        }
        return counts.report();
    }

    private static final class Counts {
        int examined;
        int returned;
        long units;

        CleanupReport report() {
            return new CleanupReport(examined, returned, units);
        }
    }

    /** Finishes the move's steps and reconciles its reservations; false when a cart's claim is not known yet. */
    private boolean finish(Move move, Instant cutoff, Counts counts) {
        switch (move.kind()) {
            case RESERVE -> {
                OptionalLong taken = steps.takenFromStock(move);
                if (taken.isPresent()) {
                    steps.hold(move, taken.getAsLong(), Date.from(move.at()));
                }
                return reconcile(move.reservation(), cutoff, counts);
            }
            case RELEASE, SELL -> {
                OptionalLong taken = steps.takenFromReservation(move);
                seams.reached(CartSeam.CLEANUP_AFTER_READING_MARK);
                if (taken.isPresent()) {
                    boolean sale = move.kind() == MoveKind.SELL;
                    steps.restore(move.op(), move.sku(), sale ? 0 : taken.getAsLong(), sale ? taken.getAsLong() : 0);
                }
                return reconcile(move.reservation(), cutoff, counts);
            }
            case RETURN_ALL -> {
                finishReturnAll(move);
                return true;
            }
            case RETURN_SOLD -> {
                // Done, and only to settle, once its order recorded it; until then the order's own cancel
                // finishes it (settling it earlier would let that cancel return the units again).
                return returns.recorded(move.orderId(), move.sku());
            }
            case RECONCILE -> {
                return reconcileAll(move, cutoff, counts);
            }
            default -> throw new IllegalStateException("unknown move " + move.kind());
        }
    }

    /** Credits each sku with what the batch took from its reservations (the marks say how much), where not done yet. */
    private void finishReturnAll(Move move) {
        Map<String, Long> unitsBySku = steps.takenFromReservations(move);
        steps.restoreAll(move.op(), unitsBySku);
        metrics.returned(Return.EXPIRY, unitsBySku.values().stream().mapToLong(Long::longValue).sum());
    }

    /** Reconciles each of the move's reservations; keeps in the move those whose carts may still change. */
    private boolean reconcileAll(Move move, Instant cutoff, Counts counts) {
        List<String> undecided = new ArrayList<>();
        for (String id : move.reservations()) {
            if (!reconcile(id, cutoff, counts)) {
                undecided.add(id);
            }
        }
        if (!undecided.isEmpty() && undecided.size() < move.reservations().size()) {
            journal.narrow(move, undecided);
        }
        return undecided.isEmpty();
    }

    /**
     * Returns what the reservation holds beyond its cart's claim. True when that is settled (returned,
     * or nothing to return); false when the reservation or its cart may still be changing.
     */
    private boolean reconcile(String reservationId, Instant cutoff, Counts counts) {
        Optional<StoredReservation> stored = steps.reservation(reservationId);
        if (stored.isEmpty()) {
            return true;
        }
        StoredReservation held = stored.get();
        if (held.reservedAt() != null && !held.reservedAt().toInstant().isBefore(cutoff)) {
            return false;
        }
        OptionalLong claimed = claims.claimed(held.cartId(), held.sku(), cutoff);
        if (claimed.isEmpty()) {
            return false;
        }
        long excess = held.qty() - claimed.getAsLong();
        if (excess < 0) {
            LOG.errorf("Cart %s claims %d of %s but holds %d", held.cartId(), claimed.getAsLong(), held.sku(), held.qty());
            return true;
        }
        if (excess == 0) {
            return true;
        }
        Move release = journal.begin(MoveKind.RELEASE, held.sku(), held.cartId(), excess);
        if (!steps.unholdObserved(release, held, excess)) {
            journal.abandon(release);
            return false; // changed since it was read: next run
        }
        steps.restore(release.op(), held.sku(), excess, 0);
        journal.settle(List.of(release));
        metrics.returned(Return.CLEANUP, excess);
        counts.returned++;
        counts.units += excess;
        return true;
    }
}

package com.example.shop.cart.inventory;

import com.example.shop.cart.CartMetrics;
import com.example.shop.cart.CartMetrics.Return;
import com.example.shop.cart.CartProblems;
import com.example.shop.cart.CartSeam;
import com.example.shop.web.seams.Seams;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Every change of a reservation: the carts feature reserves, returns and sells stock through these
 * methods only. Each change is a journalled move ({@link MoveJournal}) of single-document steps
 * ({@link UnitMoves}) in an order that leaves, after any crash, more reserved than claimed, which
 * the cleanup returns ({@link CleanupInventory}). See docs/design.md, Stock moves.
 */
@ApplicationScoped
public class Reservations {

    private final ReservationStore reservations;
    private final MoveJournal journal;
    private final UnitMoves steps;
    private final CartMetrics metrics;
    private final Seams seams;
    private final InventoryMigration migration;

    public Reservations(ReservationStore reservations, MoveJournal journal, UnitMoves steps, CartMetrics metrics, Seams seams,
                        InventoryMigration migration) {
        this.migration = migration;
        this.reservations = reservations;
        this.journal = journal;
        this.steps = steps;
        this.metrics = metrics;
        this.seams = seams;
    }

    /**
     * Takes {@code units} from available stock into the cart's reservation. Throws 409
     * insufficient-inventory (and changes nothing) when fewer are available. The move is open until
     * the caller, having claimed the units in the cart (or returned them when it could not), settles it.
     */
    public Move reserve(String sku, String cartId, int units) {
        migration.requireDone();
        // Refused on a read when too few are available: a sold-out sku (the rest of a drop, most adds of a
        // busy sale) costs no journal entry, no guarded update and no abandon, three writes each committed.
        long availableBefore = steps.availableNow(sku);
        if (availableBefore < units) {
            throw CartProblems.insufficientInventory(sku, availableBefore, units);
        }
        Move move = journal.begin(MoveKind.RESERVE, sku, cartId, units);
        seams.reached(CartSeam.AFTER_JOURNAL);
        UnitMoves.Taken taken = steps.take(move);
        if (!taken.done()) {
            journal.abandon(move);
            throw CartProblems.insufficientInventory(sku, taken.available(), units);
        }
        seams.reached(CartSeam.AFTER_TAKE);
        steps.hold(move, units, Date.from(move.at()));
        metrics.reserved(units);
        return move;
    }

    /** Journals the return of {@code units} before the caller unclaims them in the cart; then {@link #finishRelease} or {@link #abandon}. */
    public Move beginRelease(String sku, String cartId, long units) {
        Move move = journal.begin(MoveKind.RELEASE, sku, cartId, units);
        seams.reached(CartSeam.AFTER_JOURNAL);
        return move;
    }

    /** Moves the units of a begun release from the cart's reservation back to available stock; returns how many. */
    public long finishRelease(Move release, Return reason) {
        long units = steps.unhold(release);
        seams.reached(CartSeam.AFTER_UNHOLD);
        if (units > 0) {
            steps.restore(release.op(), release.sku(), units, 0);
        }
        metrics.returned(reason, units);
        return units;
    }

    /** Returns up to {@code units} of the cart's reservation to available stock at once (a compensation); returns how many. */
    public long release(String sku, String cartId, long units, Return reason) {
        Move release = beginRelease(sku, cartId, units);
        long returned = finishRelease(release, reason);
        settle(release);
        return returned;
    }

    /** The cart's write did not happen: forget a begun release none of whose steps ran. */
    public void abandon(Move release) {
        journal.abandon(release);
    }

    /** The caller's cart write is done (or compensated): the move's marks and journal entry can go. */
    public void settle(Move move) {
        seams.reached(CartSeam.BEFORE_SETTLE);
        journal.settleLater(move);
    }

    /**
     * Sells {@code units} of the cart's reservation: reservation −n, stock reserved → sold. The move's
     * op is derived from the cart and sku, so a checkout finished again after a crash resumes the same
     * move and sells nothing twice. Returns the units sold; settle it once the line is marked sold.
     * Empty when another worker (the cleanup) is finishing that move now: nothing done, try again later.
     */
    public Optional<Sale> sell(String sku, String cartId, long units) {
        Optional<Move> begun = journal.beginOrResume(Move.of("sell " + StoredReservation.id(sku, cartId), MoveKind.SELL, sku, cartId, units));
        if (begun.isEmpty()) {
            return Optional.empty();
        }
        Move sale = begun.get();
        long sold = steps.unhold(sale);
        seams.reached(CartSeam.AFTER_UNHOLD);
        if (sold > 0) {
            steps.restore(sale.op(), sku, 0, sold);
        }
        metrics.sold(sold);
        return Optional.of(new Sale(sale, sold));
    }

    /** A sale's move and the units it sold. */
    public record Sale(Move move, long units) {
    }

    /**
     * Returns the whole reservations of these carts' lines (a batch of expiring carts): one read of
     * their reservations, one journal entry, one guarded update per reservation, one update per sku.
     * A reservation that changed since it was read (an add racing the expiry lock) is taken as it
     * is then; one that keeps changing is journalled for the cleanup. Returns the units returned.
     */
    public long returnAllHeldBy(Map<String, ? extends Collection<String>> skusByCart, Return reason) {
        List<String> ids = new ArrayList<>();
        skusByCart.forEach((cartId, skus) -> skus.forEach(sku -> ids.add(StoredReservation.id(sku, cartId))));
        List<StoredReservation> held = new ArrayList<>();
        for (StoredReservation reservation : reservations.findAll(ids)) {
            if (reservation.qty() > 0) {
                held.add(reservation);
            }
        }
        if (held.isEmpty()) {
            return 0;
        }
        Move move = journal.beginBatch(MoveKind.RETURN_ALL, held.stream().map(StoredReservation::id).toList());
        Map<String, Long> taken = steps.unholdAll(move.op(), held);
        seams.reached(CartSeam.AFTER_UNHOLD);
        Map<String, Long> unitsBySku = new LinkedHashMap<>();
        taken.forEach((id, units) -> unitsBySku.merge(StoredReservation.skuOf(id), units, Long::sum));
        List<String> busy = held.stream().map(StoredReservation::id).filter(id -> !taken.containsKey(id)).toList();
        if (!busy.isEmpty()) {
            journal.reconcileLater(UUID.randomUUID().toString(), busy); // still changing: the cleanup returns them once they are quiet
        }
        steps.restoreAll(move.op(), unitsBySku);
        journal.settle(List.of(move));
        long units = unitsBySku.values().stream().mapToLong(Long::longValue).sum();
        metrics.returned(reason, units);
        return units;
    }
}

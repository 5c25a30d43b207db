package com.example.shop.cart.inventory;

import com.mongodb.MongoException;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The journal of unit moves ({@code inventory_moves}): a move is written before its first step and
 * deleted once settled, so the cleanup finds every half-done move in this small collection. A
 * request's moves are settled after it answers, in batches, on one background thread: the marks
 * (the first step's first), then the entries. See docs/design.md, Stock moves.
 */
@ApplicationScoped
public class MoveJournal {

    private static final Logger LOG = Logger.getLogger(MoveJournal.class);
    private static final int BATCH = 512;
    /** How long a claim on a move lasts (a job's batch, a cleanup's move): far longer than finishing one takes. */
    static final Duration BATCH_OWNED_FOR = Duration.ofMinutes(2);

    private final MoveStore moves;
    private final InventoryStore inventory;
    private final ReservationStore reservations;
    private final BlockingQueue<Move> toSettle = new LinkedBlockingQueue<>();
    private Thread settler;
    private volatile boolean stopping;

    public MoveJournal(MoveStore moves, InventoryStore inventory, ReservationStore reservations) {
        this.moves = moves;
        this.inventory = inventory;
        this.reservations = reservations;
    }

    /** Journals a new move of one cart's reservation. */
    Move begin(MoveKind kind, String sku, String cartId, long units) {
        return begin(Move.of(UUID.randomUUID().toString(), kind, sku, cartId, units));
    }

    /**
     * Journals a new move of several reservations, claimed by the job's batch that will work on it for
     * at most {@link #BATCH_OWNED_FOR} (its holder the move's own op: the batch settles it, nobody releases it).
     */
    Move beginBatch(MoveKind kind, List<String> reservationIds) {
        Instant now = Instant.now();
        String op = UUID.randomUUID().toString();
        return begin(new Move(op, kind, now, null, null, null, 0, reservationIds, op, now.plus(BATCH_OWNED_FOR)));
    }

    /** Journals reservations for the cleanup to compare with their carts' claims (no owner at work on them). */
    Move reconcileLater(String op, List<String> reservationIds) {
        return begin(new Move(op, MoveKind.RECONCILE, Instant.now(), null, null, null, 0, reservationIds, null, null));
    }

    Move begin(Move move) {
        moves.insert(move);
        return move;
    }

    /** Journals reservations for reconciliation under an op derived from what they are; false when that op is journalled already. */
    boolean reconcileLaterOnce(String op, List<String> reservationIds) {
        return moves.insertIfAbsent(new Move(op, MoveKind.RECONCILE, Instant.now(), null, null, null, 0, reservationIds, null, null));
    }

    /**
     * Journals a move whose op is derived from what it does (a sale), or resumes the entry an earlier attempt
     * left, claimed ({@link #claim}) as the cleanup claims it: empty when another worker owns that entry now.
     * Without the claim, a resumed sale and the cleanup finishing the same move could each read the first
     * step's mark, one settle the move (its marks gone), and the other then sell the units a second time.
     */
    Optional<Move> beginOrResume(Move move) {
        if (moves.insertIfAbsent(move)) {
            return Optional.of(move);
        }
        Move resumed = moves.find(move.op());
        if (resumed == null) {
            return Optional.of(begin(move)); // settled in between: a new move, which finds nothing left to do
        }
        return claim(resumed);
    }

    /** Forgets a move none of whose steps applied (its first step was refused). */
    void abandon(Move move) {
        moves.delete(move.op());
    }

    /** The moves journalled before {@code cutoff}, oldest first, that no job owns any more: those a live request would have settled long ago. */
    List<Move> olderThan(Instant cutoff, int limit) {
        Instant now = Instant.now();
        List<Move> left = new ArrayList<>();
        for (Move move : moves.journalledBefore(Date.from(cutoff), limit)) {
            if (!move.claimedAt(now)) {
                left.add(move);
            }
        }
        return left;
    }

    /**
     * Claims the move for this worker for {@link #BATCH_OWNED_FOR}, if no claim on it runs: two cleanups
     * (two replicas, or a scheduled and a triggered run) never finish one move at once. Without it,
     * one could settle the move (and delete its emptied reservation) between the other's reading of
     * the first mark and its repeating of the next step, which would then apply a second time on a
     * document that no longer remembers the first. The move as claimed; empty when another worker
     * holds it or it is settled.
     */
    Optional<Move> claim(Move move) {
        Instant now = Instant.now();
        String holder = UUID.randomUUID().toString();
        return moves.claim(move.op(), holder, BATCH_OWNED_FOR, now)
                ? Optional.of(move.claimedBy(holder, now.plus(BATCH_OWNED_FOR))) : Optional.empty();
    }

    /** Keeps in a batch move only these of its reservations: those whose carts the cleanup could not decide yet. */
    void narrow(Move move, List<String> reservationIds) {
        moves.narrow(move.op(), reservationIds);
    }

    /** Gives up a claimed move that could not be finished yet, for the next run to take at once. */
    void unclaim(Move claimed) {
        moves.unclaim(claimed.op(), claimed.holder());
    }

    /** Settles the move soon, on the settling thread (after the request answered). */
    void settleLater(Move move) {
        startSettler();
        toSettle.add(move);
    }

    /** Settles the moves now: their marks, in step order, then their empty reservations, then their entries. */
    void settle(Collection<Move> batch) {
        if (batch.isEmpty()) {
            return;
        }
        Marks first = new Marks();
        Marks later = new Marks();
        Set<String> reservationIds = new LinkedHashSet<>();
        Set<String> reservationFirstOps = new LinkedHashSet<>();
        for (Move move : batch) {
            if (move.kind() != MoveKind.RECONCILE && !move.kind().stockFirst()) {
                reservationFirstOps.add(move.op());
            }
            if (move.kind() == MoveKind.RETURN_SOLD) {
                first.stock(move.sku(), move.op()); // its one step
            }
            for (String id : move.reservationIds()) {
                reservationIds.add(id);
                String sku = StoredReservation.skuOf(id);
                if (move.kind() == MoveKind.RECONCILE) {
                    continue;
                }
                if (move.kind().stockFirst()) {
                    first.stock(sku, move.op());
                    later.reservation(id, move.op());
                } else {
                    first.reservation(id, move.op());
                    later.stock(sku, move.op());
                }
            }
        }
        if (!reservationFirstOps.isEmpty()) {
            // A reservation the move emptied, marked by nothing but the move's first step, goes in one delete
            // instead of an unmark now and a delete at the end (an expiry batch: a thousand writes fewer). To
            // the cleanup a reservation gone reads as one whose first mark is gone, "nothing to finish", so the
            // order of the steps holds; one that is marked by another move in flight, or holds units again, stays.
            // Their ids are read first so that their unmarks are not sent as well; if any changed in between
            // (fewer deleted than read), every unmark is sent, as without this.
            List<String> emptied = reservations.emptiedOnlyBy(first.reservationIds(), reservationFirstOps);
            if (!emptied.isEmpty() && reservations.deleteEmptiedOnlyBy(emptied, reservationFirstOps) == emptied.size()) {
                first.forgetReservations(emptied);
            }
        }
        first.remove(inventory, reservations);
        later.remove(inventory, reservations);
        reservations.deleteEmptyUnmarked(reservationIds);
        moves.deleteAll(batch.stream().map(Move::op).toList());
    }

    /** The marks to remove, per document. */
    private static final class Marks {
        private final Map<String, Set<String>> byStock = new LinkedHashMap<>();
        private final Map<String, Set<String>> byReservation = new LinkedHashMap<>();

        void stock(String sku, String op) {
            byStock.computeIfAbsent(sku, k -> new LinkedHashSet<>()).add(op);
        }

        void reservation(String id, String op) {
            byReservation.computeIfAbsent(id, k -> new LinkedHashSet<>()).add(op);
        }

        Set<String> reservationIds() {
            return byReservation.keySet();
        }

        void forgetReservations(Collection<String> ids) {
            ids.forEach(byReservation::remove);
        }

        void remove(InventoryStore inventory, ReservationStore reservations) {
            inventory.unmark(byStock);
            reservations.unmark(byReservation);
        }
    }

    private synchronized void startSettler() {
        if (settler == null && !stopping) {
            settler = new Thread(this::settleContinuously, "inventory-move-settler");
            settler.setDaemon(true);
            settler.start();
        }
    }

    private void settleContinuously() {
        List<Move> batch = new ArrayList<>(BATCH);
        while (!stopping) {
            try {
                Move next = toSettle.poll(1, TimeUnit.SECONDS);
                if (next == null) {
                    continue;
                }
                batch.add(next);
                toSettle.drainTo(batch, BATCH - 1);
                settle(batch);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (MongoException | IllegalStateException e) {
                // the entries stay in the journal: the cleanup settles them once they are old enough
                LOG.warnf("Could not settle %d inventory moves now (%s); the cleanup job will", batch.size(), e.getMessage());
            }
            batch.clear();
        }
    }

    /** Settles what is queued before the service stops (what is not, the cleanup settles later). */
    @PreDestroy
    void drain() {
        stopping = true;
        List<Move> rest = new ArrayList<>();
        toSettle.drainTo(rest);
        try {
            for (int from = 0; from < rest.size(); from += BATCH) {
                settle(rest.subList(from, Math.min(rest.size(), from + BATCH)));
            }
        } catch (MongoException | IllegalStateException e) {
            LOG.warnf("Left %d inventory moves for the cleanup job (%s)", rest.size(), e.getMessage());
        }
    }
}

package com.example.shop.cart.inventory;

import com.example.shop.web.leases.LeaseStore;
import java.time.Instant;
import java.util.List;

/**
 * A move of units between a stock document and reservations, as journalled in
 * {@code inventory_moves} from before its first write until it is settled:
 * <pre>
 * inventory_moves { _id: op, kind, at, sku?, cart_id?, order_id?, units?, reservations?: [reservation id], holder?, expires_at? }
 * </pre>
 * A move of one cart's reservation names its sku, cart and units; a batch ({@link MoveKind#RETURN_ALL},
 * {@link MoveKind#RECONCILE}) names the reservation ids; a return of sold units
 * ({@link MoveKind#RETURN_SOLD}) names its sku, order and units. The journal holds only moves in flight
 * (and those a dead process left), so the cleanup finds every unfinished move without looking at
 * one reservation that is not in flight. {@code holder} and {@code expires_at} are a lease on the
 * entry ({@code LeaseStore.onDocuments}): the worker finishing the move claims it so that no other
 * finishes it at once; a job's batch is journalled claimed, since it may run for longer than the
 * cleanup's threshold (zero in tests).
 * Read and written by {@link MoveCodec}.
 */
public record Move(String op, MoveKind kind, Instant at, String sku, String cartId, String orderId, long units,
                   List<String> reservations, String holder, Instant claimedUntil) {

    static final String OP = "_id";
    static final String KIND = "kind";
    static final String AT = "at";
    static final String SKU = "sku";
    static final String CART = "cart_id";
    static final String ORDER = "order_id";
    static final String UNITS = "units";
    static final String RESERVATIONS = "reservations";
    static final String HOLDER = LeaseStore.HOLDER;
    static final String CLAIMED_UNTIL = LeaseStore.EXPIRES_AT;

    /** A move of one cart's reservation, made by a request. */
    static Move of(String op, MoveKind kind, String sku, String cartId, long units) {
        return new Move(op, kind, Instant.now(), sku, cartId, null, units, List.of(), null, null);
    }

    /**
     * The return of an order's sold units of a sku, its op derived from the order and sku: a return
     * begun again after a crash resumes the same move.
     */
    static Move returnOf(String sku, String orderId, long units) {
        return new Move("return " + sku + " " + orderId, MoveKind.RETURN_SOLD, Instant.now(), sku, null, orderId, units, List.of(),
                null, null);
    }

    /** Whether a worker's claim on the move runs at {@code now}. */
    boolean claimedAt(Instant now) {
        return claimedUntil != null && !claimedUntil.isBefore(now);
    }

    /** The move as claimed by {@code holder} until {@code until}. */
    Move claimedBy(String holder, Instant until) {
        return new Move(op, kind, at, sku, cartId, orderId, units, reservations, holder, until);
    }

    /** The reservation this move changes, for a move of one cart's reservation. */
    String reservation() {
        return StoredReservation.id(sku, cartId);
    }

    /** The reservations it changes: the one of its cart, the batch's, or none (a return of sold units). */
    List<String> reservationIds() {
        if (kind == MoveKind.RETURN_SOLD) {
            return List.of();
        }
        return sku != null ? List.of(reservation()) : reservations;
    }
}

package com.example.shop.cart.inventory;

import java.time.Instant;
import java.util.List;

/**
 * A move of units between a stock document and reservations, as journalled in
 * {@code inventory_moves} from before its first write until it is settled:
 * <pre>
 * inventory_moves { _id: op, kind, at, sku?, cart_id?, units?, reservations?: [reservation id] }
 * </pre>
 * A move of one cart's reservation names its sku, cart and units; a batch ({@link MoveKind#RETURN_ALL},
 * {@link MoveKind#RECONCILE}) names the reservation ids. The journal holds only moves in flight
 * (and those a dead process left), so the cleanup finds every unfinished move without looking at
 * one reservation that is not in flight. {@code owned_until}, set by a job's batch (which may run
 * for longer than the cleanup's threshold, set to zero in tests), keeps the cleanup away until
 * then: a move is finished by the cleanup only once its owner can no longer be at work on it.
 * Read and written by {@link MoveCodec}.
 */
public record Move(String op, MoveKind kind, Instant at, String sku, String cartId, long units, List<String> reservations,
                   Instant ownedUntil) {

    static final String OP = "_id";
    static final String KIND = "kind";
    static final String AT = "at";
    static final String SKU = "sku";
    static final String CART = "cart_id";
    static final String UNITS = "units";
    static final String RESERVATIONS = "reservations";
    static final String OWNED_UNTIL = "owned_until";

    /** A move of one cart's reservation, made by a request. */
    static Move of(String op, MoveKind kind, String sku, String cartId, long units) {
        return new Move(op, kind, Instant.now(), sku, cartId, units, List.of(), null);
    }

    /** The reservation this move changes, for a move of one cart's reservation. */
    String reservation() {
        return StoredReservation.id(sku, cartId);
    }

    /** The reservations it changes: the one of its cart, or the batch's. */
    List<String> reservationIds() {
        return sku != null ? List.of(reservation()) : reservations;
    }
}

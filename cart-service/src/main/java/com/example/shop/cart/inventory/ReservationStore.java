package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.exists;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lte;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.max;
import static com.mongodb.client.model.Updates.setOnInsert;

import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.WriteModel;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * Who holds the reserved units: {@code reservations}, one {@link StoredReservation} per cart and
 * sku. Every query of a reservation is a method here: the steps of a unit move that change it
 * (written as {@link ServiceDatabase#STEPS}, each guarded by the move's mark), the settling of its
 * marks, the holders of a sku for the admin's view, and the conversion of the first model's holders.
 * A sku's reservations need no index of their own: their ids put them side by side in the
 * {@code _id} index.
 */
@Singleton
public record ReservationStore(MongoCollection<StoredReservation> reservations, MongoCollection<StoredReservation> steps) {

    private static final String RESERVATIONS = "reservations";
    private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);

    /** The service's database, or any other: tests run a second "replica" of the jobs on a client of their own. */
    @Inject
    public ReservationStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, RESERVATIONS, new StoredReservationCodec()),
                ServiceDatabase.collection(database, RESERVATIONS, new StoredReservationCodec())
                        .withWriteConcern(ServiceDatabase.STEPS));
    }

    /** The reservation as it is stored now, or null. */
    StoredReservation find(String id) {
        return reservations.find(byId(id)).first();
    }

    /** These reservations as they are stored now (those that exist). */
    List<StoredReservation> findAll(Collection<String> ids) {
        return reservations.find(in(StoredReservation.ID, ids)).into(new ArrayList<>());
    }

    /**
     * The move's step that adds {@code units} to the cart's reservation (made if absent), guarded by
     * its mark; nothing when the move did already.
     */
    void hold(String op, String sku, String cartId, long units, Date reservedAt) {
        try {
            steps.updateOne(and(byId(StoredReservation.id(sku, cartId)), MoveMarks.unmarked(op)),
                    combine(inc(StoredReservation.QTY, units), max(StoredReservation.RESERVED_AT, reservedAt),
                            setOnInsert(StoredReservation.SKU, sku), setOnInsert(StoredReservation.CART, cartId),
                            MoveMarks.mark(op, units)), UPSERT);
        } catch (MongoWriteException e) {
            // the upsert's insert collided with the document the filter did not match: it carries the mark already
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
        }
    }

    /** Takes {@code units} out of the reservation if it holds at least that many; true when it did. */
    boolean takeIfHolding(String id, String op, long units) {
        return take(id, op, gte(StoredReservation.QTY, units), units);
    }

    /** Takes {@code units} out of the reservation if it holds exactly {@code observed}; true when it did. */
    boolean takeIfAt(String id, String op, long observed, long units) {
        return take(id, op, eq(StoredReservation.QTY, observed), units);
    }

    /** Takes {@code units} out of the reservation if it is exactly as observed (quantity and time); true when it did. */
    boolean takeIfUnchanged(String op, StoredReservation observed, long units) {
        return take(observed.id(), op, and(eq(StoredReservation.QTY, observed.qty()), eq(StoredReservation.RESERVED_AT, observed.reservedAt())),
                units);
    }

    private boolean take(String id, String op, Bson guard, long units) {
        return steps.updateOne(and(byId(id), guard, MoveMarks.unmarked(op)),
                combine(inc(StoredReservation.QTY, -units), MoveMarks.mark(op, units))).getModifiedCount() == 1;
    }

    /**
     * Takes the whole of each reservation, guarded on the quantity observed and the move's mark, in
     * one unordered bulk write; how many matched (those that did not changed meanwhile).
     */
    int takeWhole(String op, List<StoredReservation> observed) {
        List<WriteModel<StoredReservation>> takes = new ArrayList<>(observed.size());
        for (StoredReservation reservation : observed) {
            takes.add(new UpdateOneModel<>(and(byId(reservation.id()), eq(StoredReservation.QTY, reservation.qty()), MoveMarks.unmarked(op)),
                    combine(inc(StoredReservation.QTY, -reservation.qty()), MoveMarks.mark(op, reservation.qty()))));
        }
        return steps.bulkWrite(takes, new BulkWriteOptions().ordered(false)).getMatchedCount();
    }

    /** The ids, among these, of the reservations emptied and marked by nothing but one of these moves. */
    List<String> emptiedOnlyBy(Collection<String> ids, Collection<String> ops) {
        List<String> emptied = new ArrayList<>();
        reservations.find(and(in(StoredReservation.ID, ids), emptiedOnlyBy(ops))).projection(include(StoredReservation.ID))
                .forEach(reservation -> emptied.add(reservation.id()));
        return emptied;
    }

    /** Deletes these reservations if they are still emptied and marked by nothing but one of these moves; how many. */
    long deleteEmptiedOnlyBy(List<String> ids, Collection<String> ops) {
        return steps.deleteMany(and(in(StoredReservation.ID, ids), emptiedOnlyBy(ops))).getDeletedCount();
    }

    private static Bson emptiedOnlyBy(Collection<String> ops) {
        return and(lte(StoredReservation.QTY, 0), MoveMarks.onlyMarkOneOf(ops));
    }

    /** Removes these moves' marks from the reservations (settling), one unordered bulk write. */
    void unmark(Map<String, Set<String>> opsById) {
        if (opsById.isEmpty()) {
            return;
        }
        List<WriteModel<StoredReservation>> updates = new ArrayList<>(opsById.size());
        opsById.forEach((id, ops) -> updates.add(new UpdateOneModel<>(byId(id), MoveMarks.unmark(ops))));
        steps.bulkWrite(updates, new BulkWriteOptions().ordered(false));
    }

    /** Deletes those of these reservations that hold nothing and that no move marks. */
    void deleteEmptyUnmarked(Collection<String> ids) {
        steps.deleteMany(and(in(StoredReservation.ID, ids), lte(StoredReservation.QTY, 0), exists(MoveMarks.FIELD + ".0", false)));
    }

    /** Each reservation of the sku, in cart id order (one range of the {@code _id} index). */
    void forEachHolderOf(String sku, Consumer<StoredReservation> each) {
        reservations.find(holdersOf(sku, null)).sort(Sorts.ascending(StoredReservation.ID)).forEach(each);
    }

    /** The sku's reservations after {@code afterCartId} (from the first when null) in cart id order, {@code limit} at most. */
    List<StoredReservation> holdersOf(String sku, String afterCartId, int limit) {
        return reservations.find(holdersOf(sku, afterCartId)).sort(Sorts.ascending(StoredReservation.ID)).limit(limit)
                .into(new ArrayList<>());
    }

    /** {@code {_id: {$gt: "<sku> <after>", $lt: "<sku>!"}}}: one range of the {@code _id} index. */
    private static Bson holdersOf(String sku, String afterCartId) {
        return new Document(StoredReservation.ID, new Document("$gt", StoredReservation.rangeStart(sku, afterCartId))
                .append("$lt", StoredReservation.rangeEnd(sku)));
    }

    /** Inserts these reservations where absent, never overwriting one (unordered bulk upserts of {@code $setOnInsert}). */
    void insertIfAbsent(List<StoredReservation> chunk) {
        List<WriteModel<StoredReservation>> inserts = new ArrayList<>(chunk.size());
        for (StoredReservation reservation : chunk) {
            inserts.add(new UpdateOneModel<>(byId(reservation.id()),
                    combine(setOnInsert(StoredReservation.SKU, reservation.sku()), setOnInsert(StoredReservation.CART, reservation.cartId()),
                            setOnInsert(StoredReservation.QTY, reservation.qty()),
                            setOnInsert(StoredReservation.RESERVED_AT, reservation.reservedAt())),
                    UPSERT));
        }
        reservations.bulkWrite(inserts, new BulkWriteOptions().ordered(false));
    }

    private static Bson byId(String id) {
        return eq(StoredReservation.ID, id);
    }
}

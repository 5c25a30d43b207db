package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.leases.LeaseStore;
import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The journal of unit moves in flight, {@code inventory_moves}: one {@link Move} per move, from
 * before its first step until it is settled ({@link MoveJournal}), written as
 * {@link ServiceDatabase#STEPS}. Every query of the journal is a method here; a worker claims an
 * entry with a lease on it ({@link LeaseStore#onDocuments}: {@code holder}, {@code expires_at}).
 */
@Singleton
public record MoveStore(MongoCollection<Move> moves, LeaseStore claims) implements FeatureIndexes {

    /** The journal of unit moves in flight. */
    private static final String INVENTORY_MOVES = "inventory_moves";

    static final List<RequiredIndex> INDEXES = List.of(
            // the cleanup: moves older than its cutoff (the journal holds only moves in flight)
            RequiredIndex.on(INVENTORY_MOVES, Indexes.ascending(Move.AT), new IndexOptions().name("at")));

    /** The service's database, or any other: tests run a second "replica" of the jobs on a client of their own. */
    @Inject
    public MoveStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, INVENTORY_MOVES, new MoveCodec()).withWriteConcern(ServiceDatabase.STEPS));
    }

    private MoveStore(MongoCollection<Move> moves) {
        this(moves, LeaseStore.onDocuments(moves));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }

    void insert(Move move) {
        moves.insertOne(move);
    }

    /** Inserts the move; false when an entry with its op is there already. */
    boolean insertIfAbsent(Move move) {
        try {
            moves.insertOne(move);
            return true;
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
            return false;
        }
    }

    /** The entry of this op, or null. */
    Move find(String op) {
        return moves.find(byOp(op)).first();
    }

    void delete(String op) {
        moves.deleteOne(byOp(op));
    }

    void deleteAll(List<String> ops) {
        moves.deleteMany(in(Move.OP, ops));
    }

    /** The moves journalled before {@code cutoff}, oldest first, {@code limit} at most. */
    List<Move> journalledBefore(Date cutoff, int limit) {
        return moves.find(lt(Move.AT, cutoff)).sort(new Document(Move.AT, 1)).limit(limit).into(new ArrayList<>());
    }

    /** Claims the move for {@code holder} for {@code term} if no claim on it runs at {@code now}; true when it did. */
    boolean claim(String op, String holder, Duration term, Instant now) {
        return claims.take(op, holder, term, now).isPresent();
    }

    /** Gives up {@code holder}'s claim on the move. */
    void unclaim(String op, String holder) {
        claims.release(op, holder);
    }

    /** Keeps in a batch move only these of its reservations. */
    void narrow(String op, List<String> reservationIds) {
        moves.updateOne(byOp(op), set(Move.RESERVATIONS, reservationIds));
    }

    private static Bson byOp(String op) {
        return eq(Move.OP, op);
    }
}

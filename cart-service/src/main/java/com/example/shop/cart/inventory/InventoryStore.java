package com.example.shop.cart.inventory;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;
import org.bson.Document;

/**
 * The inventory feature's collections: {@code inventory} (stock per sku, the collection of record),
 * {@code reservations} (who holds the reserved units), {@code inventory_moves} (the moves of units
 * in flight between the two) and {@code migrations}. Only this feature reads or writes them; the
 * carts feature reserves, returns and sells stock through {@link Reservations}. A sku's
 * reservations need no index of their own: their ids put them side by side in the {@code _id} index.
 */
@Singleton
public record InventoryStore(MongoCollection<Document> inventory, MongoCollection<Document> reservations,
                             MongoCollection<Document> moves, MongoCollection<Document> migrations,
                             MongoCollection<Document> availabilityOutbox, MongoCollection<Document> availabilityListed)
        implements FeatureIndexes {

    /** The collection of record for stock, one document per sku. */
    private static final String INVENTORY = "inventory";
    private static final String RESERVATIONS = "reservations";
    /** The journal of unit moves in flight. */
    private static final String INVENTORY_MOVES = "inventory_moves";
    private static final String MIGRATIONS = "migrations";
    /** Availability transitions (sold out, available again) not yet delivered to the catalog, one per sku. */
    private static final String AVAILABILITY_OUTBOX = "availability_outbox";
    /** The availability the catalog last acknowledged per sku (skus never reported sold out have none). */
    private static final String AVAILABILITY_LISTED = "availability_listed";

    static final List<RequiredIndex> INDEXES = List.of(
            // the stock overview: least available and most held first (a scan on the embedded server)
            RequiredIndex.on(INVENTORY, Indexes.ascending(StoredStock.AVAILABLE), new IndexOptions().name("available")),
            RequiredIndex.on(INVENTORY, Indexes.descending(StoredStock.RESERVED), new IndexOptions().name("reserved")),
            // the cleanup: moves older than its cutoff (the journal holds only moves in flight)
            RequiredIndex.on(INVENTORY_MOVES, Indexes.ascending(Move.AT), new IndexOptions().name("at")));

    /**
     * How a move's journal entry, steps and settling are written ({@link MoveJournal}, {@link UnitMoves}):
     * acknowledged once the database has applied them, not once they are on disk ({@code j: false}).
     * The database makes writes durable in the order it applied them (the embedded server's commit
     * holds every change applied before it; mongod's journal is written in order), so a crash of the
     * database loses the last writes of a move, never one in its middle, and the order of the steps
     * leaves more reserved than claimed, as after a crash of this service; the cleanup returns the
     * difference. What a shopper is answered waits for disk all the same: each operation writes the
     * cart (the line, the checkout, the expiry) with the default concern, after the steps that
     * take units and before those that give them back. On the embedded server a step thus waits
     * for no commit of its own (an add waited for four, now one); mongod acknowledges a {@code w: 1}
     * write this way by default.
     */
    static final WriteConcern STEPS = WriteConcern.ACKNOWLEDGED.withJournal(false);

    /** The service's database, or any other: tests run a second "replica" of the jobs on a client of their own. */
    @Inject
    public InventoryStore(MongoDatabase database) {
        this(database.getCollection(INVENTORY), database.getCollection(RESERVATIONS), database.getCollection(INVENTORY_MOVES),
                database.getCollection(MIGRATIONS), database.getCollection(AVAILABILITY_OUTBOX),
                database.getCollection(AVAILABILITY_LISTED));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }

    /** A collection of this feature as a move writes it ({@link #STEPS}). */
    static MongoCollection<Document> forSteps(MongoCollection<Document> collection) {
        return collection.withWriteConcern(STEPS);
    }
}

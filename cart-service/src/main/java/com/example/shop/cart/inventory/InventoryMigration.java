package com.example.shop.cart.inventory;

import static com.example.shop.web.database.StoredFields.documents;
import static com.example.shop.web.database.StoredFields.number;
import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.exists;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.setOnInsert;
import static com.mongodb.client.model.Updates.unset;

import com.example.shop.problems.Problems;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.WriteModel;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.jboss.logging.Logger;

/**
 * Converts stock written by the first model (each sku's holders as a {@code carted} array inside its
 * stock document) to the ledger ({@link Reservations}), at start-up, before the service reserves
 * anything: readiness is DOWN and reservations answer 503 until it is done.
 *
 * <p>Per stock document that still has {@code carted}: each entry becomes a reservation document
 * (inserted only if absent: a run killed half-way and run again writes the same values, and never
 * overwrites a reservation); the reservations are journalled for reconciliation, so that an entry
 * the old model left beyond its cart's line (a crash's over-reservation) is returned by the cleanup;
 * last, one update guarded on {@code carted} still being there sets {@code reserved} to the entries'
 * sum and removes the array. {@code stocked = qty + reserved + sold} holds before (with reserved
 * = Σ carted) and after. A marker in {@code migrations} records that every document is converted,
 * so later start-ups do not look again.
 */
@ApplicationScoped
public class InventoryMigration {

    private static final Logger LOG = Logger.getLogger(InventoryMigration.class);
    static final String NAME = "inventory-ledger";
    private static final int CHUNK = 1000;

    /**
     * A holder of a sku in the first model, as a typed value: an entry of
     * {@code carted: [{cart_id, qty, timestamp}]} in the sku's stock document.
     */
    private record OldHolder(String cartId, long qty, Date at) {

        static final String ARRAY = "carted";
        static final String CART = "cart_id";
        static final String QTY = "qty";
        static final String AT = "timestamp";

        /** The holders a stock document lists (none when it has no {@code carted}). */
        static List<OldHolder> of(Document stock) {
            return documents(stock, ARRAY).stream()
                    .map(entry -> new OldHolder(entry.getString(CART), number(entry, QTY), entry.getDate(AT)))
                    .toList();
        }
    }

    private final MongoCollection<Document> inventory;
    private final MongoCollection<Document> reservations;
    private final MongoCollection<Document> migrations;
    private final MoveJournal journal;
    private volatile boolean done;
    private volatile boolean stopping;

    public InventoryMigration(InventoryStore store, MoveJournal journal) {
        this.inventory = store.inventory();
        this.reservations = store.reservations();
        this.migrations = store.migrations();
        this.journal = journal;
    }

    void onStart(@Observes StartupEvent event) {
        Thread thread = new Thread(this::untilDone, "inventory-migration");
        thread.setDaemon(true);
        thread.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    public boolean done() {
        return done;
    }

    /** A 503 problem while the stock is not converted yet. */
    void requireDone() {
        if (!done) {
            throw Problems.unavailable("inventory", "The stock is being converted to the reservation ledger; retry shortly");
        }
    }

    private void untilDone() {
        while (!done && !stopping) {
            try {
                migrate();
            } catch (MongoException e) {
                LOG.warnf("Stock conversion interrupted (%s); trying again in 2 s", e.getMessage());
                try {
                    Thread.sleep(2000);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Converts every stock document still in the first model; returns how many it converted. */
    public int migrate() {
        if (migrations.find(MigrationMarker.doneFilter(NAME)).first() != null) {
            done = true;
            return 0;
        }
        int converted = 0;
        for (Document stock : inventory.find(exists(OldHolder.ARRAY, true))) {
            convert(stock);
            converted++;
        }
        migrations.updateOne(MigrationMarker.byName(NAME), new MigrationMarker(NAME, true, new Date(), converted).update(),
                new UpdateOptions().upsert(true));
        if (converted > 0) {
            LOG.infof("Converted the stock of %d skus to the reservation ledger", converted);
        }
        done = true;
        return converted;
    }

    private void convert(Document stock) {
        String sku = stock.getString(StoredStock.SKU);
        List<String> ids = new ArrayList<>();
        List<WriteModel<Document>> inserts = new ArrayList<>();
        long reserved = 0;
        for (OldHolder holder : OldHolder.of(stock)) {
            if (holder.qty() <= 0) {
                continue;
            }
            String id = StoredReservation.id(sku, holder.cartId());
            ids.add(id);
            reserved += holder.qty();
            Date at = holder.at() == null ? new Date() : holder.at();
            inserts.add(new UpdateOneModel<>(eq(StoredReservation.ID, id),
                    combine(setOnInsert(StoredReservation.SKU, sku), setOnInsert(StoredReservation.CART, holder.cartId()),
                            setOnInsert(StoredReservation.QTY, holder.qty()), setOnInsert(StoredReservation.RESERVED_AT, at)),
                    new UpdateOptions().upsert(true)));
        }
        for (int from = 0; from < inserts.size(); from += CHUNK) {
            int to = Math.min(inserts.size(), from + CHUNK);
            reservations.bulkWrite(inserts.subList(from, to), new BulkWriteOptions().ordered(false));
            journalReconcile(sku, from / CHUNK, ids.subList(from, to));
        }
        inventory.updateOne(and(eq(StoredStock.SKU, sku), exists(OldHolder.ARRAY, true)),
                combine(set(StoredStock.RESERVED, reserved), unset(OldHolder.ARRAY)));
    }

    private void journalReconcile(String sku, int chunk, List<String> ids) {
        try {
            journal.reconcileLater("migrate " + sku + " " + chunk, List.copyOf(ids));
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
        }
    }
}

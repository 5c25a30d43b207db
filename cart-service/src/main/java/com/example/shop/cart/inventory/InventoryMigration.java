package com.example.shop.cart.inventory;

import com.example.shop.problems.Problems;
import com.example.shop.web.migrations.MigrationMarker;
import com.example.shop.web.migrations.MigrationStore;
import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
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

    private final InventoryStore inventory;
    private final ReservationStore reservations;
    private final MigrationStore migrations;
    private final MoveJournal journal;
    private volatile boolean done;
    private volatile boolean stopping;

    @Inject
    public InventoryMigration(InventoryStore inventory, ReservationStore reservations, MongoDatabase database, MoveJournal journal) {
        this(inventory, reservations, new MigrationStore(database), journal);
    }

    public InventoryMigration(InventoryStore inventory, ReservationStore reservations, MigrationStore migrations, MoveJournal journal) {
        this.inventory = inventory;
        this.reservations = reservations;
        this.migrations = migrations;
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
        if (migrations.done(NAME)) {
            done = true;
            return 0;
        }
        int[] converted = {0};
        inventory.forEachInFirstModel(stock -> {
            convert(stock);
            converted[0]++;
        });
        migrations.record(MigrationMarker.done(NAME, converted[0]));
        if (converted[0] > 0) {
            LOG.infof("Converted the stock of %d skus to the reservation ledger", converted[0]);
        }
        done = true;
        return converted[0];
    }

    private void convert(FirstModelStock stock) {
        String sku = stock.sku();
        List<StoredReservation> held = new ArrayList<>();
        long reserved = 0;
        for (FirstModelStock.Holder holder : stock.holders()) {
            if (holder.qty() <= 0) {
                continue;
            }
            reserved += holder.qty();
            held.add(new StoredReservation(sku, holder.cartId(), holder.qty(), holder.at() == null ? new Date() : holder.at()));
        }
        for (int from = 0; from < held.size(); from += CHUNK) {
            List<StoredReservation> chunk = held.subList(from, Math.min(held.size(), from + CHUNK));
            reservations.insertIfAbsent(chunk);
            // journalled once per chunk: a conversion run again finds its entry there already
            journal.reconcileLaterOnce("migrate " + sku + " " + from / CHUNK, chunk.stream().map(StoredReservation::id).toList());
        }
        inventory.leaveFirstModel(sku, reserved);
    }
}

package com.example.shop.cart.inventory;

import static com.example.shop.web.database.StoredFields.number;
import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Sorts.ascending;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.web.database.StoredFields;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.UpdateOptions;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.jboss.logging.Logger;

/**
 * The transitions of skus between available ({@code qty > 0}) and sold out ({@code qty = 0}) that the
 * catalog is to hear of, kept in this service's database until it has:
 * <pre>
 * availability_outbox { _id: sku, sold_out, rev, at }   at most one per sku: the newest not yet delivered
 * availability_listed { _id: sku, sold_out, rev }       what the catalog acknowledged last
 * </pre>
 * A stock update that moves {@code qty} adds one to the stock document's {@code rev} and returns the
 * document as written; when {@code qty} crossed zero, the state it left (sold out or not, and that
 * {@code rev}) is recorded here ({@link #record}). {@code rev} orders the states of a sku whatever order
 * their records are written or delivered in: a record only replaces an older one (a guarded upsert),
 * and the catalog only takes a report newer than what it has.
 *
 * <p>A process that dies between its stock update and the record leaves the transition unrecorded:
 * {@link #reconcile} compares every stock document with what the catalog acknowledged and records
 * what differs (every {@code cart.availability.reconcile-every} and at start-up), so a crash delays a
 * transition, never loses it. A sku never reported sold out is in stock for the catalog.
 */
@ApplicationScoped
public class AvailabilityOutbox {

    private static final Logger LOG = Logger.getLogger(AvailabilityOutbox.class);
    private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);
    // The fields of a record in the outbox and of an acknowledgement in availability_listed
    static final String SKU = "_id";
    static final String SOLD_OUT = "sold_out";
    static final String REV = "rev";
    /** When the outbox record was written (the acknowledgements have none). */
    static final String AT = "at";
    static final int RECONCILE_PAGE = 1_000;

    /** A transition as recorded: the sku's state at stock revision {@code rev}. */
    public record Pending(String sku, boolean soldOut, long rev) {
    }

    private final MongoCollection<Document> inventory;
    private final MongoCollection<Document> outbox;
    private final MongoCollection<Document> listed;

    public AvailabilityOutbox(InventoryStore store) {
        this.inventory = store.inventory();
        this.outbox = store.availabilityOutbox();
        this.listed = store.availabilityListed();
    }

    /**
     * After a stock update that returned the document as written: records a transition when
     * {@code qty} crossed zero ({@code before} units available, the document now). Never throws: the
     * stock update is done, and a record that could not be written is found by {@link #reconcile}.
     */
    void afterUpdate(long before, Document after) {
        if (after == null) {
            return;
        }
        long now = StoredFields.number(after, StoredStock.AVAILABLE);
        if ((before > 0) != (now > 0)) {
            record(after.getString(StoredStock.SKU), now <= 0, rev(after));
        }
    }

    /** Records the state of these skus as their stock documents hold it now (after writes that return no document). */
    void recordAsStored(Collection<String> skus) {
        if (skus.isEmpty()) {
            return;
        }
        try {
            for (Document doc : inventory.find(in(StoredStock.SKU, skus)).projection(include(StoredStock.AVAILABLE, StoredStock.REV))) {
                recordRead(doc);
            }
        } catch (RuntimeException e) {
            LOG.warnf("Availability of %d skus could not be recorded (%s); the reconciliation sends it", skus.size(), e.toString());
        }
    }

    /** Records the sku's state as {@code stock} read it (with its {@code sku}, {@code available} and {@code rev}). */
    void recordRead(Document stock) {
        record(stock.getString(StoredStock.SKU), StoredFields.number(stock, StoredStock.AVAILABLE) <= 0, rev(stock));
    }

    /** Records the sku's state at {@code rev}, unless a record as new or newer is there. */
    void record(String sku, boolean soldOut, long rev) {
        try {
            outbox.updateOne(and(eq(SKU, sku), lt(REV, rev)),
                    combine(set(SOLD_OUT, soldOut), set(REV, rev), set(AT, new Date())), UPSERT);
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                LOG.warnf("The availability of %s could not be recorded (%s); the reconciliation sends it", sku, e.toString());
            }
            // duplicate key: a record as new or newer is there
        } catch (RuntimeException e) {
            LOG.warnf("The availability of %s could not be recorded (%s); the reconciliation sends it", sku, e.toString());
        }
    }

    /** The transitions waiting to be delivered, at most {@code limit}. */
    public List<Pending> pending(int limit) {
        List<Pending> pending = new ArrayList<>();
        for (Document doc : outbox.find().limit(limit)) {
            pending.add(new Pending(doc.getString(SKU), Boolean.TRUE.equals(doc.getBoolean(SOLD_OUT)), rev(doc)));
        }
        return pending;
    }

    /**
     * The catalog has these: each is remembered as acknowledged, then its record is removed unless a
     * newer one replaced it meanwhile (which then waits for the next round).
     */
    public void delivered(List<Pending> transitions) {
        for (Pending t : transitions) {
            try {
                listed.updateOne(and(eq(SKU, t.sku()), lt(REV, t.rev())), combine(set(SOLD_OUT, t.soldOut()), set(REV, t.rev())),
                        UPSERT);
            } catch (MongoWriteException e) {
                if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                    throw e;
                }
            }
            outbox.deleteOne(and(eq(SKU, t.sku()), eq(REV, t.rev())));
        }
    }

    /**
     * One pass over the stock documents: every sku whose state differs from what the catalog
     * acknowledged last (none: in stock) is recorded as it is now. Returns how many were recorded.
     * Catches what a crash between a stock update and its record left unsent, and stock that sold
     * out before this feed existed.
     *
     * <p>In pages of {@value #RECONCILE_PAGE} skus in {@code _id} order, each with the acknowledgements
     * of its own skus: two whole-collection reads of 300,000 documents held the embedded database for
     * longer than the drivers' socket timeout every 5 minutes (the reconciliation failed, and the
     * catalog's reads waited for the server), while a page is two index reads of bounded size.
     */
    public int reconcile() {
        int recorded = 0;
        String after = null;
        while (true) {
            List<Document> page = inventory.find(after == null ? new Document() : gt(StoredStock.SKU, after))
                    .sort(ascending(StoredStock.SKU)).limit(RECONCILE_PAGE)
                    .projection(include(StoredStock.AVAILABLE, StoredStock.REV)).into(new ArrayList<>());
            if (page.isEmpty()) {
                return recorded;
            }
            List<String> skus = page.stream().map(doc -> doc.getString(StoredStock.SKU)).toList();
            Map<String, Boolean> acknowledged = new HashMap<>();
            for (Document doc : listed.find(in(SKU, skus)).projection(include(SOLD_OUT))) {
                acknowledged.put(doc.getString(SKU), Boolean.TRUE.equals(doc.getBoolean(SOLD_OUT)));
            }
            for (Document doc : page) {
                String sku = doc.getString(StoredStock.SKU);
                boolean soldOut = StoredFields.number(doc, StoredStock.AVAILABLE) <= 0;
                if (soldOut != acknowledged.getOrDefault(sku, false)) {
                    record(sku, soldOut, rev(doc));
                    recorded++;
                }
            }
            if (page.size() < RECONCILE_PAGE) {
                return recorded;
            }
            after = skus.get(skus.size() - 1);
        }
    }

    private static long rev(Document doc) {
        return number(doc, REV);
    }
}

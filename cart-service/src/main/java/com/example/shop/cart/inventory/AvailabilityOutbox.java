package com.example.shop.cart.inventory;

import com.example.shop.cart.webhooks.WebhookEventType;
import com.example.shop.cart.webhooks.WebhookEvents;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
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
 *
 * <p>Each recorded state is also the webhook event {@code inventory.sold_out} or
 * {@code inventory.back_in_stock}, its sequence the {@code rev}, appended first: when the append
 * fails the record is not written either, so the reconciliation finds the transition and both are
 * written then (at least once; a state the reconciliation records again may come twice, at a newer
 * sequence).
 */
@ApplicationScoped
public class AvailabilityOutbox {

    private static final Logger LOG = Logger.getLogger(AvailabilityOutbox.class);
    static final int RECONCILE_PAGE = 1_000;

    private final InventoryStore inventory;
    private final AvailabilityStore availability;
    private final WebhookEvents webhooks;

    public AvailabilityOutbox(InventoryStore inventory, AvailabilityStore availability, WebhookEvents webhooks) {
        this.inventory = inventory;
        this.availability = availability;
        this.webhooks = webhooks;
    }

    /**
     * After a stock update that returned the document as written: records a transition when
     * {@code qty} crossed zero ({@code before} units available, the document now). Never throws: the
     * stock update is done, and a record that could not be written is found by {@link #reconcile}.
     */
    void afterUpdate(long before, StoredStock after) {
        if (after == null) {
            return;
        }
        if ((before > 0) != (after.available() > 0)) {
            record(after.sku(), after.available() <= 0, after.rev());
        }
    }

    /** Records the state of these skus as their stock documents hold it now (after writes that return no document). */
    void recordAsStored(Collection<String> skus) {
        if (skus.isEmpty()) {
            return;
        }
        try {
            for (StoredStock stock : inventory.availability(skus)) {
                recordRead(stock);
            }
        } catch (RuntimeException e) {
            LOG.warnf("Availability of %d skus could not be recorded (%s); the reconciliation sends it", skus.size(), e.toString());
        }
    }

    /** Records the sku's state as {@code stock} read it (with its {@code sku}, {@code available} and {@code rev}). */
    void recordRead(StoredStock stock) {
        record(stock.sku(), stock.available() <= 0, stock.rev());
    }

    /** Records the sku's state at {@code rev}, unless a record as new or newer is there. */
    void record(String sku, boolean soldOut, long rev) {
        try {
            webhooks.append(soldOut ? WebhookEventType.INVENTORY_SOLD_OUT : WebhookEventType.INVENTORY_BACK_IN_STOCK, sku, rev,
                    Map.of("sku", sku, "sold_out", soldOut));
            availability.recordIfNewer(sku, soldOut, rev, new Date());
        } catch (RuntimeException e) {
            LOG.warnf("The availability of %s could not be recorded (%s); the reconciliation sends it", sku, e.toString());
        }
    }

    /** The transitions waiting to be delivered, at most {@code limit}. */
    List<StoredAvailability> pending(int limit) {
        return availability.pending(limit);
    }

    /**
     * The catalog has these: each is remembered as acknowledged, then its record is removed unless a
     * newer one replaced it meanwhile (which then waits for the next round).
     */
    void delivered(List<StoredAvailability> transitions) {
        for (StoredAvailability t : transitions) {
            availability.acknowledge(t);
            availability.removeDelivered(t);
        }
    }

    /**
     * One pass over the stock documents: every sku whose state differs from what the catalog
     * acknowledged last (none: in stock) is recorded as it is now. Returns how many were recorded.
     * Catches what a crash between a stock update and its record left unsent, and stock that sold
     * out before this feed existed. In pages of {@value #RECONCILE_PAGE} skus in {@code _id} order,
     * each with the acknowledgements of its own skus: two reads of bounded size, where one pass over
     * each whole collection held the embedded database past the drivers' socket timeout.
     */
    public int reconcile() {
        int recorded = 0;
        String after = null;
        while (true) {
            List<StoredStock> page = inventory.availabilityInSkuOrder(after, RECONCILE_PAGE);
            if (page.isEmpty()) {
                return recorded;
            }
            List<String> skus = page.stream().map(StoredStock::sku).toList();
            Map<String, Boolean> acknowledged = availability.acknowledgedSoldOut(skus);
            for (StoredStock stock : page) {
                boolean soldOut = stock.available() <= 0;
                if (soldOut != acknowledged.getOrDefault(stock.sku(), false)) {
                    record(stock.sku(), soldOut, stock.rev());
                    recorded++;
                }
            }
            if (page.size() < RECONCILE_PAGE) {
                return recorded;
            }
            after = skus.get(skus.size() - 1);
        }
    }
}

package com.example.shop.cart.inventory;

import com.example.shop.cart.CartSeam;
import com.example.shop.problems.ProblemException;
import com.example.shop.web.bulk.ImportKind;
import com.example.shop.web.bulk.ImportLine;
import com.example.shop.web.bulk.ImportOutcomes;
import com.example.shop.web.bulk.LineImporter;
import com.example.shop.web.concurrency.Attempts;
import com.example.shop.web.identifiers.Identifiers;
import com.example.shop.web.seams.Seams;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Stock in bulk ({@code POST /admin/inventory/import}, run by web-support's {@code BulkImports}):
 * each NDJSON line {@code {sku, qty}} sets the sku's available stock exactly as
 * {@code PUT /inventory/{sku}} does ({@link StockAdministration#setAvailable}): the same rules, the
 * same guarded write, a batch at a time in one read and one unordered bulk write. A bulk result says
 * how many guards matched, not which, so when a reservation raced one, the batch's skus are read
 * again and set again, up to {@code shop.concurrency.max-attempts} rounds (then the PUT's 409).
 */
@ApplicationScoped
public class ImportStock implements LineImporter<StockLine> {

    private static final ImportKind<StockLine> KIND = new ImportKind<>("stock", StockLine.class, StockLine::sku, "sku");

    private final InventoryStore inventory;
    private final Attempts attempts;
    private final Seams seams;
    private final AvailabilityOutbox availability;

    ImportStock(InventoryStore inventory, Attempts attempts, Seams seams, AvailabilityOutbox availability) {
        this.inventory = inventory;
        this.attempts = attempts;
        this.seams = seams;
        this.availability = availability;
    }

    @Override
    public ImportKind<StockLine> kind() {
        return KIND;
    }

    @Override
    public void importBatch(List<ImportLine<StockLine>> batch, ImportOutcomes outcomes) {
        Map<String, ImportLine<StockLine>> pending = new LinkedHashMap<>();
        List<ImportLine<StockLine>> later = new ArrayList<>();
        for (ImportLine<StockLine> line : batch) {
            String sku = line.value().sku();
            try {
                Identifiers.requireSku(sku, "sku");
            } catch (ProblemException e) {
                outcomes.rejected(line, e.problem());
                continue;
            }
            if (pending.putIfAbsent(sku, line) != null) {
                later.add(line); // the engine refuses a sku twice in a file; set in file order should it come
            }
        }
        Set<String> written = new HashSet<>();
        try {
            attempts.untilDone(() -> round(pending, written, outcomes) ? Optional.of(true) : Optional.empty());
        } catch (ProblemException busy) {
            pending.values().forEach(line -> outcomes.rejected(line, busy.problem()));
        }
        if (!later.isEmpty()) {
            importBatch(later, outcomes);
        }
    }

    /**
     * One read of the pending lines' documents and one bulk write. Records the outcome of, and
     * removes, every line that is done; true when none is left.
     *
     * @param written skus updated in an earlier round whose write may have matched: updated, not
     *                unchanged, when they read at the file's level now
     */
    private boolean round(Map<String, ImportLine<StockLine>> pending, Set<String> written, ImportOutcomes outcomes) {
        Map<String, Long> current = inventory.levels(pending.keySet());
        Date now = new Date();
        List<InventoryStore.Level> writes = new ArrayList<>();
        List<String> skus = new ArrayList<>(); // the sku of each write, by its index
        List<String> crossing = new ArrayList<>(); // skus this round may move across zero available
        int updates = 0;
        for (Iterator<Map.Entry<String, ImportLine<StockLine>>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, ImportLine<StockLine>> entry = it.next();
            String sku = entry.getKey();
            int qty = entry.getValue().value().qty();
            Long level = current.get(sku);
            if (level == null) {
                writes.add(new InventoryStore.Level(sku, qty, null));
                if (qty == 0) {
                    crossing.add(sku);
                }
            } else {
                long available = level;
                if (available == qty) {
                    if (written.contains(sku)) {
                        outcomes.updated(entry.getValue());
                    } else {
                        outcomes.unchanged(entry.getValue());
                    }
                    it.remove();
                    continue;
                }
                writes.add(new InventoryStore.Level(sku, qty, available));
                if ((available > 0) != (qty > 0)) {
                    crossing.add(sku);
                }
                updates++;
            }
            skus.add(sku);
        }
        if (writes.isEmpty()) {
            return pending.isEmpty();
        }
        seams.reached(CartSeam.STOCK_IMPORT_BEFORE_WRITE, skus);
        // an insert refused was created meanwhile: the next round reads and adjusts it
        InventoryStore.LevelsWritten result = inventory.setLevels(writes, now);
        // a bulk write returns no documents: the states are read back, each with the revision it has
        availability.recordAsStored(crossing);
        boolean everyUpdateMatched = result.matched() == updates;
        for (int i = 0; i < writes.size(); i++) {
            String sku = skus.get(i);
            if (writes.get(i).observed() == null) {
                if (!result.insertsRefused().contains(i)) {
                    outcomes.created(pending.remove(sku));
                }
            } else if (everyUpdateMatched) {
                outcomes.updated(pending.remove(sku));
            } else {
                written.add(sku);
            }
        }
        return pending.isEmpty();
    }
}

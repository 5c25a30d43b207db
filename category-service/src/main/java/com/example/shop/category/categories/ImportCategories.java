package com.example.shop.category.categories;

import com.example.shop.category.CategoryConfig;
import com.example.shop.problems.Problem;
import com.example.shop.web.bulk.ImportKind;
import com.example.shop.web.bulk.ImportLine;
import com.example.shop.web.bulk.ImportOutcomes;
import com.example.shop.web.bulk.LineImporter;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.MongoException;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * {@code POST /admin/categories/import}: the categories' {@link LineImporter}. The engine hands over
 * the whole file at once, since a tree is placed as a whole ({@link ImportPlan}); the writes run
 * under the tree lease, renewed before each batch, so no change interleaves and a lost lease stops
 * the import before its next write. An import cut off between two batches leaves stale ancestors
 * only, reconciled by the next holder or here, and the same file again completes it
 * (docs/design.md#category-tree).
 */
@Singleton
public record ImportCategories(CategoryStore store, TreeLease tree, Reconciler reconciler, SchemaSetup schema,
        CategoryConfig config, Seams seams) implements LineImporter<CategoryLine> {

    private static final Logger LOG = Logger.getLogger(ImportCategories.class);
    private static final ImportKind<CategoryLine> KIND = new ImportKind<>("categories", CategoryLine.class, CategoryLine::slug, "slug");

    @Override
    public ImportKind<CategoryLine> kind() {
        return KIND;
    }

    /** The whole file in one batch: a parent may come after its child, and the tree is placed as a whole. */
    @Override
    public int batchSize() {
        return Integer.MAX_VALUE;
    }

    @Override
    public void importBatch(List<ImportLine<CategoryLine>> batch, ImportOutcomes outcomes) {
        schema.requireReady(); // the unique slug index stays the last guard against a slug twice
        List<ImportPlan.Entry> entries = new ArrayList<>(batch.size());
        for (ImportLine<CategoryLine> line : batch) {
            entries.add(new ImportPlan.Entry(line.number(), line.value()));
        }
        long started = System.nanoTime();
        ImportPlan plan = tree.withLease(config.importing().leaseMaxWait(), held -> {
            long locked = System.nanoTime();
            ImportPlan computed = ImportPlan.of(entries, store.findAll());
            long planned = System.nanoTime();
            write(held, computed);
            LOG.infof("Category import: %d lines, %d inserted, %d updated, %d rejected; lease wait %d ms, read and plan %d ms, write %d ms",
                    entries.size(), computed.inserts().size(), computed.updates().size(), computed.rejections().size(),
                    (locked - started) / 1_000_000, (planned - locked) / 1_000_000, (System.nanoTime() - planned) / 1_000_000);
            return computed;
        });
        for (ImportLine<CategoryLine> line : batch) {
            Problem problem = plan.rejections().get(line.number());
            if (problem != null) {
                outcomes.rejected(line, problem);
                continue;
            }
            switch (plan.outcomes().get(line.number())) {
                case CREATED -> outcomes.created(line);
                case UPDATED -> outcomes.updated(line);
                case UNCHANGED -> outcomes.unchanged(line);
            }
        }
    }

    private void write(TreeLease.Held held, ImportPlan plan) {
        List<Node> inserts = plan.inserts();
        List<Node> updates = plan.updates();
        int total = inserts.size() + updates.size();
        int size = Math.max(1, config.importing().writeBatch());
        for (int from = 0; from < total; from += size) {
            int to = Math.min(from + size, total);
            tree.renew(held);
            try {
                // inserts first, then updates: a batch may end in the one and the next begin in the other
                store.writeImported(inserts.subList(Math.min(from, inserts.size()), Math.min(to, inserts.size())),
                        updates.subList(Math.max(from - inserts.size(), 0), Math.max(to - inserts.size(), 0)));
            } catch (MongoException e) {
                reconcileAfter(e);
                throw e;
            }
            seams.reached(MoveStep.IMPORT_BATCH_WRITTEN);
        }
    }

    /** A write failed half-way: re-derive the ancestors it left stale before the lease is released, if the database lets us. */
    private void reconcileAfter(MongoException failure) {
        try {
            reconciler.reconcileAll();
        } catch (RuntimeException again) {
            failure.addSuppressed(again);
            LOG.warnf("Category import failed between writes and the tree could not be reconciled (%s); "
                    + "POST /admin/categories/repair mends it", again.getMessage());
        }
    }
}

package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import com.example.shop.catalog.search.feed.IndexUpdates;
import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import com.example.shop.web.bulk.ImportKind;
import com.example.shop.web.bulk.ImportLine;
import com.example.shop.web.bulk.ImportOutcomes;
import com.example.shop.web.bulk.LineImporter;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.ErrorCategory;
import com.mongodb.bulk.BulkWriteError;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Product import: each line is the body of {@code POST /products}, built into its stored document
 * by the same rules ({@link CreateProduct#newProduct}). A batch costs three round trips whatever its
 * size: one {@code find({sku: {$in: [...]}})} (the unique sku index) tells which products exist, one
 * insert claims the skus the lines add in the {@link SkuRegistryStore} (none when no line adds one; a line
 * whose sku another product holds is rejected naming the field), and
 * one unordered {@code bulkWrite} inserts the new ones at version 1 and replaces the changed ones at
 * their version + 1, guarded by {@code {_id, version}} as a PUT is by If-Match. A product whose
 * stored fields already equal the line's is left alone ({@code unchanged}), so importing a file
 * twice writes nothing the second time. A line that lost a race (a concurrent create of its sku, or
 * a concurrent edit) is tried once more against a fresh read, then rejected with the problem a
 * single request would get.
 *
 * <p>The batch goes into this replica's search index as it was written: the documents the bulk write
 * stored (or, for a line settled by a read back, the document read), and only the lines whose outcome
 * is unknown (an error, a lost race) are read back from MongoDB: reading the whole batch back cost
 * the catalog as much as a third round trip.
 */
@Singleton
record ImportProducts(ProductStore store, SkuRegistryStore registry, CreateProduct createProduct, SchemaSetup schema,
        IndexUpdates index, ListedProducts listed) implements LineImporter<ProductBody> {

    private static final ImportKind<ProductBody> KIND = new ImportKind<>("products", ProductBody.class, ProductBody::sku, "sku");
    private static final int ATTEMPTS = 2;

    @Override
    public ImportKind<ProductBody> kind() {
        return KIND;
    }

    @Override
    public void importBatch(List<ImportLine<ProductBody>> batch, ImportOutcomes outcomes) {
        schema.requireReady(); // no insert without the unique sku index and a complete registry
        Map<String, Candidate> pending = new HashMap<>();
        for (ImportLine<ProductBody> line : batch) {
            try {
                pending.put(line.value().sku(), new Candidate(line, createProduct.newProduct(line.value())));
            } catch (ProblemException e) {
                outcomes.rejected(line, e.problem());
            }
        }
        if (pending.isEmpty()) {
            return;
        }
        List<String> skus = List.copyOf(pending.keySet());
        Settled settled = new Settled();
        // closed unfinished (listing the written ones failed): the whole batch as MongoDB holds it
        try (IndexUpdates.Change change = index.bulkChange(skus)) {
            try {
                for (int attempt = 1; attempt <= ATTEMPTS && !pending.isEmpty(); attempt++) {
                    pending = write(pending, outcomes, settled, attempt == ATTEMPTS);
                }
            } finally {
                // what was written as it was written; the rest (refused, lost, or cut off by an error) as MongoDB holds it
                change.put(settled.stored.values().stream().map(listed::listed).toList(),
                        skus.stream().filter(sku -> !settled.knows(sku)).toList());
            }
        }
    }

    /** The run reads finished only once its products are searchable here. */
    @Override
    public void finished() {
        index.refreshNow();
    }

    /** The lines of a batch whose stored state is known without reading it back. */
    private static final class Settled {
        /** Sku → the product MongoDB holds now: the one written, or the one read back. */
        final Map<String, StoredProduct> stored = new HashMap<>();
        final Set<String> unchanged = new HashSet<>();

        boolean knows(String sku) {
            return stored.containsKey(sku) || unchanged.contains(sku);
        }
    }

    /**
     * One read, the claims of the skus the lines add ({@link SkuRegistryStore#claimAll}: one insert) and one
     * bulk write for the candidates; those that lost a race, to be tried again.
     */
    private Map<String, Candidate> write(Map<String, Candidate> candidates, ImportOutcomes outcomes, Settled settled,
                                         boolean lastAttempt) {
        Map<String, ProductStore.Existing> existing = store.existing(candidates.keySet());
        List<Candidate> toWrite = new ArrayList<>(candidates.size());
        Map<String, List<String>> adding = new HashMap<>();
        for (Candidate candidate : candidates.values()) {
            ProductStore.Existing current = existing.get(candidate.sku());
            if (current == null) {
                toWrite.add(candidate.asCreate());
                adding.put(candidate.sku(), candidate.product().skus());
            } else if (current.product().sameFieldsAs(candidate.product())) {
                outcomes.unchanged(candidate.line());
                settled.unchanged.add(candidate.sku());
            } else {
                long version = ((Number) current.version()).longValue();
                toWrite.add(candidate.asUpdate(candidate.product().withVersion(version + 1), version, current));
                List<String> held = current.product().skus();
                List<String> added = candidate.product().skus().stream().filter(sku -> !held.contains(sku)).toList();
                if (!added.isEmpty()) {
                    adding.put(candidate.sku(), added);
                }
            }
        }
        Map<String, SkuRegistryStore.Claim> claims = adding.isEmpty() ? Map.of() : registry.claimAll(adding);
        List<ProductStore.BatchWrite> writes = new ArrayList<>(toWrite.size());
        List<Candidate> written = new ArrayList<>(toWrite.size());
        for (Candidate candidate : toWrite) {
            SkuRegistryStore.Claim claim = claims.get(candidate.sku());
            if (claim != null && !claim.granted()) {
                registry.release(candidate.sku(), claim.inserted());
                outcomes.rejected(candidate.line(),
                        CreateProduct.takenSku(candidate.product(), claim.taken(), i -> "variants[" + i + "]").problem());
                continue;
            }
            writes.add(new ProductStore.BatchWrite(candidate.product(), candidate.replacing()));
            written.add(candidate);
        }
        if (writes.isEmpty()) {
            return Map.of();
        }
        ProductStore.BatchOutcome outcome = store.write(writes);
        Map<Integer, BulkWriteError> errors = outcome.errors();
        int replacesMatched = outcome.replacesMatched();
        Map<String, Candidate> retry = new HashMap<>();
        List<Candidate> updates = new ArrayList<>();
        for (int i = 0; i < written.size(); i++) {
            Candidate candidate = written.get(i);
            BulkWriteError error = errors.get(i);
            if (error == null) {
                if (candidate.isCreate()) {
                    outcomes.created(candidate.line());
                    settled.stored.put(candidate.sku(), candidate.product());
                } else {
                    updates.add(candidate);
                }
            } else if (ErrorCategory.fromErrorCode(error.getCode()) == ErrorCategory.DUPLICATE_KEY && !lastAttempt) {
                retry.put(candidate.sku(), candidate.fresh()); // a create of the same key raced in: tried as its replace
            } else if (ErrorCategory.fromErrorCode(error.getCode()) == ErrorCategory.DUPLICATE_KEY) {
                release(claims, candidate);
                outcomes.rejected(candidate.line(), CatalogProblems.duplicateSku(candidate.sku()).problem());
            } else {
                release(claims, candidate);
                outcomes.rejected(candidate.line(), Problem.of(400, "invalid-product", "Invalid product",
                        "The database refused the product: " + error.getMessage()).with("field", "details"));
            }
        }
        if (replacesMatched == updates.size()) {
            updates.forEach(candidate -> { // every guarded replace matched: no read back
                outcomes.updated(candidate.line());
                settled.stored.put(candidate.sku(), candidate.product());
            });
        } else {
            settleUpdates(updates, retry, outcomes, settled, lastAttempt);
        }
        return retry;
    }

    /**
     * Some replace guarded by {@code {_id, version}} matched nothing: it lost to a concurrent edit (or
     * delete). Which did is read back (the bulk result counts matches, it does not name them): a product now at the version the import wrote is its own.
     */
    private void settleUpdates(List<Candidate> updates, Map<String, Candidate> retry, ImportOutcomes outcomes,
                               Settled settled, boolean lastAttempt) {
        if (updates.isEmpty()) {
            return;
        }
        Map<String, StoredProduct> after = new HashMap<>();
        for (StoredProduct product : store.byKeys(updates.stream().map(Candidate::sku).toList())) {
            after.put(product.sku(), product);
        }
        for (Candidate candidate : updates) {
            StoredProduct now = after.get(candidate.sku());
            if (now != null && now.sameFieldsAs(candidate.product())) {
                outcomes.updated(candidate.line());
                settled.stored.put(candidate.sku(), now);
            } else if (!lastAttempt) {
                retry.put(candidate.sku(), candidate.fresh());
            } else {
                outcomes.rejected(candidate.line(), now == null ? CatalogProblems.unknownProduct(candidate.sku()).problem()
                        : Problems.preconditionFailed("Product '" + candidate.sku() + "'", candidate.readVersion(),
                                now.version()).problem());
            }
        }
    }

    /** Gives back the claims a line made that was not written. */
    private void release(Map<String, SkuRegistryStore.Claim> claims, Candidate candidate) {
        SkuRegistryStore.Claim claim = claims.get(candidate.sku());
        if (claim != null) {
            registry.release(candidate.sku(), claim.inserted());
        }
    }

    private record Candidate(ImportLine<ProductBody> line, StoredProduct product, boolean isCreate, long readVersion,
                             ProductStore.Existing replacing) {

        Candidate(ImportLine<ProductBody> line, StoredProduct product) {
            this(line, product, false, 0, null);
        }

        String sku() {
            return line.value().sku();
        }

        Candidate asCreate() {
            return new Candidate(line, product, true, 0, null);
        }

        /** The line as the replace of {@code current}, read at {@code version}: {@code replacement} is what it stores. */
        Candidate asUpdate(StoredProduct replacement, long version, ProductStore.Existing current) {
            return new Candidate(line, replacement, false, version, current);
        }

        /** The same line for another attempt (each write makes its own document, so no {@code _id} of a failed insert stays). */
        Candidate fresh() {
            return new Candidate(line, product.withVersion(1L));
        }
    }
}

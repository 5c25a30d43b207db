package com.example.shop.catalog.product;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.web.migrations.MigrationMarker;
import com.example.shop.web.migrations.MigrationStore;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.WriteModel;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;

/**
 * The {@code product_skus} collection: which product holds each sku, key or variant, one document
 * {@code {_id: sku, product: key, claimed_at}} per sku. It is what keeps a sku to one product: a
 * write claims every sku it adds before it writes the product, and MongoDB's {@code _id} index refuses
 * a second claim. A unique index on {@code products.skus} would do the same on one replica set, but
 * MongoDB refuses it on {@code products} sharded on {@code {sku: 1}}; the registry, sharded on its
 * {@code _id}, works on both (docs/design.md#variants).
 *
 * <p>A claim whose product does not hold the sku is left by a write that failed after claiming (a
 * refusal releases its claims, a kill does not). Once older than {@code catalog.products.sku-claim-grace}
 * it is stale, and a claim for another product takes it over by a conditional update on the claim as
 * read. A claim younger than the grace belongs to a write in flight and is never taken over, so the
 * grace must be longer than any write takes from its claim to its product write. Claiming again for
 * the same product refreshes {@code claimed_at}: a takeover of the claim as read then matches nothing.
 */
@Singleton
public record SkuRegistryStore(MongoCollection<Document> claims, MigrationStore migrations, ProductStore products,
                               Duration grace) {

    static final String PRODUCT_SKUS = "product_skus";
    static final String ID = "_id";
    static final String PRODUCT = "product";
    static final String CLAIMED_AT = "claimed_at";
    /** The migration that fills the registry from a store written before it. */
    static final String FILL = "sku-registry";

    @Inject
    SkuRegistryStore(MongoDatabase database, ProductStore products, CatalogConfig config) {
        this(database.getCollection(PRODUCT_SKUS), new MigrationStore(database), products, config.products().skuClaimGrace());
    }

    /**
     * What a claim got for one product: the skus another product holds (sku → that product's key,
     * in the order asked), and the skus this claim inserted, which {@link #release} gives back when
     * the write does not happen.
     */
    record Claim(Map<String, String> taken, List<String> inserted) {

        boolean granted() {
            return taken.isEmpty();
        }
    }

    /** Claims {@code skus} for the product {@code product}: one insert, and when some are claimed already, one read. */
    Claim claim(String product, Collection<String> skus) {
        return claimAll(Map.of(product, skus)).get(product);
    }

    /**
     * Claims each product's skus (product key → skus): one unordered insert of every claim; when some
     * exist, one read of them, then one bulk update refreshing the product's own and one taking over the
     * stale ones (with a read of their products). Within the call a sku two products ask for goes to the
     * first that the insert reaches. Every product of {@code wanted} has a claim in the answer.
     */
    Map<String, Claim> claimAll(Map<String, ? extends Collection<String>> wanted) {
        Date now = new Date();
        List<Document> inserts = new ArrayList<>();
        for (Map.Entry<String, ? extends Collection<String>> product : wanted.entrySet()) {
            for (String sku : new LinkedHashSet<String>(product.getValue())) {
                inserts.add(new Document(ID, sku).append(PRODUCT, product.getKey()).append(CLAIMED_AT, now));
            }
        }
        Set<Integer> refused = insert(inserts);
        Map<String, Map<String, String>> taken = new HashMap<>();
        Map<String, List<String>> inserted = new HashMap<>();
        List<Document> contested = new ArrayList<>();
        for (int i = 0; i < inserts.size(); i++) {
            Document claim = inserts.get(i);
            if (refused.contains(i)) {
                contested.add(claim);
            } else {
                inserted.computeIfAbsent(claim.getString(PRODUCT), key -> new ArrayList<>()).add(claim.getString(ID));
            }
        }
        if (!contested.isEmpty()) {
            settle(contested, now, taken, inserted);
        }
        Map<String, Claim> answer = new LinkedHashMap<>();
        for (Map.Entry<String, ? extends Collection<String>> product : wanted.entrySet()) {
            Map<String, String> theirs = taken.getOrDefault(product.getKey(), Map.of());
            Map<String, String> ordered = new LinkedHashMap<>();
            for (String sku : product.getValue()) {
                if (theirs.containsKey(sku)) {
                    ordered.put(sku, theirs.get(sku));
                }
            }
            answer.put(product.getKey(), new Claim(ordered, inserted.getOrDefault(product.getKey(), List.of())));
        }
        return answer;
    }

    /**
     * How far the filling of the registry from the products has come ({@link VariantMigration}): done,
     * or the {@code _id} of the last product claimed for ({@code after}; null: none yet).
     */
    MigrationMarker fill() {
        return migrations.marker(FILL).orElse(MigrationMarker.progress(FILL, 0, null));
    }

    void recordFill(MigrationMarker marker) {
        migrations.record(marker);
    }

    /** The product each of these skus is claimed for (sku → key), one read on {@code _id}; a sku not claimed is absent. */
    Map<String, String> owners(Collection<String> skus) {
        Map<String, String> owners = new HashMap<>();
        for (Document claim : claims.find(in(ID, skus)).projection(new Document(PRODUCT, 1))) {
            owners.put(claim.getString(ID), claim.getString(PRODUCT));
        }
        return owners;
    }

    /** Releases this product's claims of {@code skus}: a claim another product took over stays. */
    void release(String product, Collection<String> skus) {
        if (!skus.isEmpty()) {
            claims.deleteMany(and(in(ID, skus), eq(PRODUCT, product)));
        }
    }

    /** The claims that exist already: refreshed when the product's own, taken over when stale, else taken. */
    private void settle(List<Document> contested, Date now, Map<String, Map<String, String>> taken,
                        Map<String, List<String>> inserted) {
        Map<String, Document> current = new HashMap<>();
        for (Document claim : claims.find(in(ID, contested.stream().map(claim -> claim.getString(ID)).toList()))) {
            current.put(claim.getString(ID), claim);
        }
        List<Document> own = new ArrayList<>();
        List<Document> stale = new ArrayList<>();
        Set<String> staleOwners = new HashSet<>();
        Date staleBefore = new Date(now.getTime() - grace.toMillis());
        for (Document wanted : contested) {
            Document held = current.get(wanted.getString(ID));
            if (held == null) {
                releasedMeanwhile(wanted, taken, inserted);
            } else if (held.getString(PRODUCT).equals(wanted.getString(PRODUCT))) {
                own.add(held);
            } else if (held.getDate(CLAIMED_AT).before(staleBefore)) {
                stale.add(held);
                staleOwners.add(held.getString(PRODUCT));
            } else {
                taken.computeIfAbsent(wanted.getString(PRODUCT), key -> new HashMap<>())
                        .put(wanted.getString(ID), held.getString(PRODUCT));
            }
        }
        Map<String, String> wantedBy = new HashMap<>();
        contested.forEach(claim -> wantedBy.put(claim.getString(ID), claim.getString(PRODUCT)));
        List<Document> guarded = new ArrayList<>(own);
        List<Document> takeovers = new ArrayList<>();
        if (!stale.isEmpty()) {
            Map<String, List<String>> held = products.skusOf(staleOwners);
            for (Document claim : stale) {
                List<String> ownersSkus = held.get(claim.getString(PRODUCT));
                if (ownersSkus != null && ownersSkus.contains(claim.getString(ID))) {
                    taken.computeIfAbsent(wantedBy.get(claim.getString(ID)), key -> new HashMap<>())
                            .put(claim.getString(ID), claim.getString(PRODUCT));
                } else {
                    takeovers.add(claim);
                }
            }
            guarded.addAll(takeovers);
        }
        if (guarded.isEmpty()) {
            return;
        }
        // each update matches the claim exactly as read, so a concurrent refresh or takeover wins over it
        List<WriteModel<Document>> updates = new ArrayList<>(guarded.size());
        for (Document claim : guarded) {
            updates.add(new UpdateOneModel<>(
                    and(eq(ID, claim.getString(ID)), eq(PRODUCT, claim.getString(PRODUCT)), eq(CLAIMED_AT, claim.getDate(CLAIMED_AT))),
                    Updates.combine(Updates.set(PRODUCT, wantedBy.get(claim.getString(ID))), Updates.set(CLAIMED_AT, now))));
        }
        if (claims.bulkWrite(updates, new BulkWriteOptions().ordered(false)).getMatchedCount() == guarded.size()) {
            return;
        }
        // some claim changed since it was read: which, a read tells; those not now this product's are taken
        Map<String, String> after = new HashMap<>();
        for (Document claim : claims.find(in(ID, guarded.stream().map(claim -> claim.getString(ID)).toList()))) {
            if (now.equals(claim.getDate(CLAIMED_AT))) {
                after.put(claim.getString(ID), claim.getString(PRODUCT));
            }
        }
        for (Document claim : guarded) {
            String sku = claim.getString(ID);
            String product = wantedBy.get(sku);
            if (!product.equals(after.get(sku))) {
                taken.computeIfAbsent(product, key -> new HashMap<>()).put(sku, claim.getString(PRODUCT));
            }
        }
    }

    /** A claim released between the insert and the read: inserted again, or taken if another product was quicker. */
    private void releasedMeanwhile(Document wanted, Map<String, Map<String, String>> taken, Map<String, List<String>> inserted) {
        String product = wanted.getString(PRODUCT);
        if (insert(List.of(wanted)).isEmpty()) {
            inserted.computeIfAbsent(product, key -> new ArrayList<>()).add(wanted.getString(ID));
            return;
        }
        Document held = claims.find(eq(ID, wanted.getString(ID))).first();
        taken.computeIfAbsent(product, key -> new HashMap<>())
                .put(wanted.getString(ID), held == null ? "(released meanwhile)" : held.getString(PRODUCT));
    }

    /** Inserts the claims, unordered; the indexes of those the {@code _id} index refused. */
    private Set<Integer> insert(List<Document> inserts) {
        if (inserts.isEmpty()) {
            return Set.of();
        }
        try {
            claims.insertMany(inserts, new InsertManyOptions().ordered(false));
            return Set.of();
        } catch (MongoBulkWriteException e) {
            Set<Integer> refused = new HashSet<>();
            for (BulkWriteError error : e.getWriteErrors()) {
                if (ErrorCategory.fromErrorCode(error.getCode()) != ErrorCategory.DUPLICATE_KEY) {
                    throw e;
                }
                refused.add(error.getIndex());
            }
            return refused;
        }
    }
}

package com.example.shop.catalog.product;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.or;

import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.web.bulk.IdOrderedScan;
import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertOneModel;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.WriteModel;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.Updates;
import com.mongodb.ErrorCategory;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.bson.Document;
import org.bson.conversions.Bson;

import static com.example.shop.web.database.StoredFields.optionalNumber;

/**
 * The {@code products} collection, its queries for this feature's use cases, and its indexes (book
 * ch. 5, plus one per sort order ending in the sku tie-break), which web-support's SchemaSetup
 * gathers. Products are read and written as {@link StoredProduct}s ({@link StoredProductCodec}).
 *
 * @param database for the commands that act on the collection itself (its validator)
 * @param documents the same collection's documents as stored: the scans along {@code _id}, and the
 *                  reads that need {@code _id} or a field as stored
 */
@Singleton
record ProductStore(MongoDatabase database, MongoCollection<StoredProduct> products, MongoCollection<Document> documents)
        implements FeatureIndexes {

    /** The products' collection. */
    static final String PRODUCTS = "products";

    /**
     * The indexes of {@code products}. {@code sku_unique} is also the name the sharding script
     * gives the index when it shards {@code products} on {@code {sku: 1}} before the service ran;
     * a {@code sku_1} left by {@code shardCollection} itself counts as present. The others keep the
     * names MongoDB gives them.
     */
    static final List<RequiredIndex> INDEXES = List.of(
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.SKU),
                    new IndexOptions().unique(true).name("sku_unique")),
            // a sku names one product across all of them, key or variant; sparse, so that it exists while
            // the migration gives the products written before variants their skus (docs/design.md#variants)
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.SKUS),
                    new IndexOptions().unique(true).sparse(true).name("skus_unique")),
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.PRICING_PCT_SAVINGS)),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(
                    Indexes.ascending(StoredProduct.TYPE, StoredProduct.DETAILS_GENRE),
                    Indexes.descending(StoredProduct.DETAILS_ISSUE_DATE))),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(
                    Indexes.ascending(StoredProduct.TYPE, StoredProduct.DETAILS_ACTOR),
                    Indexes.descending(StoredProduct.DETAILS_ISSUE_DATE))),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(Indexes.ascending(StoredProduct.TYPE),
                    Indexes.descending(StoredProduct.DETAILS_ISSUE_DATE), Indexes.ascending(StoredProduct.TITLE))),
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.KEYWORDS)),
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.CATEGORY_IDS)),
            // the sort orders of GET /products, each with the sku tie-break of keyset pagination
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(
                    Indexes.descending(StoredProduct.PRICING_PCT_SAVINGS), Indexes.ascending(StoredProduct.SKU))),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(
                    Indexes.descending(StoredProduct.DETAILS_ISSUE_DATE), Indexes.ascending(StoredProduct.SKU))),
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.TITLE, StoredProduct.SKU)),
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.PRICING_RETAIL, StoredProduct.SKU)));

    /**
     * How many whole products a scan of the collection reads at a time ({@link IdOrderedScan}: the
     * export, the search index's build). The page being written out and the one read ahead stay
     * alive through the young collections of the catalog's small heap: larger pages overflowed its
     * survivor space into the old generation, and an export spent its time collecting garbage.
     */
    static final int SCAN_PAGE = 100;

    /** Pages of sku and version only: small documents, read a thousand at a time. */
    private static final int VERSIONS_PAGE = 1000;
    private static final FindOneAndUpdateOptions RETURN_UPDATED = new FindOneAndUpdateOptions()
            .returnDocument(ReturnDocument.AFTER);
    private static final StoredProductCodec CODEC = new StoredProductCodec();

    @Inject
    ProductStore(MongoDatabase database) {
        this(database, ServiceDatabase.collection(database, PRODUCTS, CODEC));
    }

    private ProductStore(MongoDatabase database, MongoCollection<StoredProduct> products) {
        this(database, products, products.withDocumentClass(Document.class));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }

    /** The product with this sku, if there is one. */
    Optional<StoredProduct> bySku(String sku) {
        return Optional.ofNullable(products.find(eq(StoredProduct.SKU, sku)).first());
    }

    /**
     * The product sold under this sku, by its key or a variant's sku: a read of {@code sku}, then, when
     * no product has it as its key, of {@code skus}, each on its unique index. Two reads rather than one
     * {@code $or}, which the embedded server answers by scanning every product; the key, the common
     * case, costs one. The first also finds the products written before variants, whose {@code skus}
     * the migration may not have written yet.
     */
    Optional<StoredProduct> byAnySku(String sku) {
        StoredProduct byKey = products.find(eq(StoredProduct.SKU, sku)).first();
        return Optional.ofNullable(byKey != null ? byKey : products.find(eq(StoredProduct.SKUS, sku)).first());
    }

    /**
     * Which of these skus a product other than {@code except} (a key; null: none) already uses, sku →
     * that product's key: a read along each of the two unique indexes, as {@link #byAnySku}.
     */
    Map<String, String> owners(Collection<String> skus, String except) {
        Map<String, String> owners = new HashMap<>();
        List<Document> holders = documents.find(in(StoredProduct.SKU, skus))
                .projection(Projections.include(StoredProduct.SKU, StoredProduct.SKUS)).into(new ArrayList<>());
        documents.find(in(StoredProduct.SKUS, skus)).projection(Projections.include(StoredProduct.SKU, StoredProduct.SKUS))
                .into(holders);
        for (Document product : holders) {
            String key = product.getString(StoredProduct.SKU);
            if (key.equals(except)) {
                continue;
            }
            List<String> used = product.getList(StoredProduct.SKUS, String.class, List.of(key));
            for (String sku : skus) {
                if (key.equals(sku) || used.contains(sku)) {
                    owners.put(sku, key);
                }
            }
        }
        return owners;
    }

    /**
     * The products holding any of these skus, as key or as a variant's sku: one read by key, and one of
     * {@code skus} for the skus that are no product's key (as {@link #byAnySku}, no {@code $or}); {@code sku}
     * still finds a product written before {@code skus} was.
     */
    List<StoredProduct> bySkus(Collection<String> skus) {
        List<StoredProduct> found = products.find(in(StoredProduct.SKU, skus)).into(new ArrayList<>());
        Set<String> keys = new HashSet<>();
        found.forEach(product -> keys.add(product.sku()));
        List<String> rest = skus.stream().filter(sku -> !keys.contains(sku)).distinct().toList();
        if (!rest.isEmpty()) {
            for (StoredProduct product : products.find(in(StoredProduct.SKUS, rest))) {
                if (keys.add(product.sku())) {
                    found.add(product);
                }
            }
        }
        return found;
    }

    /** The product's stored version as stored, if the product exists (and has one). */
    Optional<Object> versionOf(String sku) {
        Document current = documents.find(eq(StoredProduct.SKU, sku)).projection(Projections.include(StoredProduct.VERSION)).first();
        return Optional.ofNullable(current).map(product -> product.get(StoredProduct.VERSION));
    }

    /** A product as an import found it: its {@code _id} and its version as stored, which a replace is guarded by. */
    record Existing(Object id, Object version, StoredProduct product) {
    }

    /** The products with these skus, by sku, as an import finds them (one {@code $in} read). */
    Map<String, Existing> existing(Collection<String> skus) {
        Map<String, Existing> existing = new HashMap<>();
        for (Document product : documents.find(in(StoredProduct.SKU, skus))) {
            existing.put(product.getString(StoredProduct.SKU), new Existing(product.get(StoredProduct.ID),
                    product.get(StoredProduct.VERSION), CODEC.fromDocument(product)));
        }
        return existing;
    }

    /** Inserts a new product; the unique sku index refuses a duplicate ({@code MongoWriteException}). */
    void insert(StoredProduct product) {
        products.insertOne(product);
    }

    /**
     * Replaces the fields of the product {@code sku} with {@code replacement}'s, moving its version on by
     * one, if it is still at {@code expectedVersion}: one {@code findOneAndUpdate({sku, version: n},
     * {$set…, $unset…, $inc: {version: 1}})}. The product as replaced, or empty when none matched.
     */
    Optional<StoredProduct> replaceAt(String sku, long expectedVersion, StoredProduct replacement) {
        Document set = StoredProductCodec.fields(replacement);
        Document update = new Document("$set", set).append("$inc", new Document(StoredProduct.VERSION, 1L));
        Document unset = new Document();
        for (String optional : StoredProduct.OPTIONAL) {
            if (!set.containsKey(optional)) {
                unset.append(optional, "");
            }
        }
        if (!unset.isEmpty()) {
            update.append("$unset", unset);
        }
        return Optional.ofNullable(products.findOneAndUpdate(
                and(eq(StoredProduct.SKU, sku), eq(StoredProduct.VERSION, expectedVersion)), update, RETURN_UPDATED));
    }

    /** Deletes the product {@code sku}, when {@code expectedVersion} is given only at that version; whether one was. */
    boolean delete(String sku, Long expectedVersion) {
        Bson filter = expectedVersion == null ? eq(StoredProduct.SKU, sku)
                : and(eq(StoredProduct.SKU, sku), eq(StoredProduct.VERSION, expectedVersion));
        return products.deleteOne(filter).getDeletedCount() > 0;
    }

    /** One write of an import's batch: a new product inserted, or {@code replacing} replaced if it is unchanged since read. */
    record BatchWrite(StoredProduct product, Existing replacing) {
    }

    /** What a batch's write did: the guarded replaces that matched, and the writes refused, by their place in the batch. */
    record BatchOutcome(int replacesMatched, Map<Integer, BulkWriteError> errors) {
    }

    /** The batch in one unordered {@code bulkWrite}, each replace guarded by {@code {_id, version}} as read. */
    BatchOutcome write(List<BatchWrite> batch) {
        List<WriteModel<StoredProduct>> writes = new ArrayList<>(batch.size());
        for (BatchWrite write : batch) {
            Existing current = write.replacing();
            writes.add(current == null ? new InsertOneModel<>(write.product())
                    : new ReplaceOneModel<>(and(eq(StoredProduct.ID, current.id()), eq(StoredProduct.VERSION, current.version())),
                            write.product()));
        }
        try {
            return new BatchOutcome(products.bulkWrite(writes, new BulkWriteOptions().ordered(false)).getMatchedCount(), Map.of());
        } catch (MongoBulkWriteException e) {
            Map<Integer, BulkWriteError> errors = new HashMap<>();
            for (BulkWriteError error : e.getWriteErrors()) {
                errors.put(error.getIndex(), error);
            }
            return new BatchOutcome(e.getWriteResult().getMatchedCount(), errors);
        }
    }

    /** What one batch of the skus migration did: the last {@code _id} it read (null: none left), and its counts. */
    record SkusBatch(Object lastId, int given, List<String> refused) {
    }

    /**
     * Gives the next {@code size} products written before variants (no {@code skus}, {@code _id} after
     * {@code afterId}, in {@code _id} order) {@code skus: [sku]}: one read and one unordered bulk of
     * {@code updateOne({_id, skus: {$exists: false}}, {$set: {skus: [sku]}})}, so that a product given
     * its skus meanwhile is left alone. A key another product already uses as a variant's sku is
     * refused by the unique index: its key is reported and the product left as it was.
     */
    SkusBatch giveSkus(Object afterId, int size) {
        Bson withoutSkus = Filters.exists(StoredProduct.SKUS, false);
        Bson filter = afterId == null ? withoutSkus : and(withoutSkus, Filters.gt(StoredProduct.ID, afterId));
        List<Document> batch = documents.find(filter).projection(Projections.include(StoredProduct.ID, StoredProduct.SKU))
                .sort(Sorts.ascending(StoredProduct.ID)).limit(size).into(new ArrayList<>());
        if (batch.isEmpty()) {
            return new SkusBatch(null, 0, List.of());
        }
        List<WriteModel<Document>> writes = new ArrayList<>(batch.size());
        for (Document product : batch) {
            writes.add(new UpdateOneModel<>(and(eq(StoredProduct.ID, product.get(StoredProduct.ID)), withoutSkus),
                    Updates.set(StoredProduct.SKUS, List.of(product.getString(StoredProduct.SKU)))));
        }
        List<String> refused = new ArrayList<>();
        int given;
        try {
            given = documents.bulkWrite(writes, new BulkWriteOptions().ordered(false)).getModifiedCount();
        } catch (MongoBulkWriteException e) {
            given = e.getWriteResult().getModifiedCount();
            for (BulkWriteError error : e.getWriteErrors()) {
                if (ErrorCategory.fromErrorCode(error.getCode()) != ErrorCategory.DUPLICATE_KEY) {
                    throw e;
                }
                refused.add(batch.get(error.getIndex()).getString(StoredProduct.SKU));
            }
        }
        return new SkusBatch(batch.get(batch.size() - 1).get(StoredProduct.ID), given, refused);
    }

    /** Every product, a page at a time along {@code _id} ({@link IdOrderedScan}); close it when done. */
    <T> IdOrderedScan<T> scan(Function<StoredProduct, T> each) {
        return IdOrderedScan.of(documents, null, SCAN_PAGE, stored -> each.apply(CODEC.fromDocument(stored)));
    }

    /** Every product's sku and version (null when it has none), read in pages of those two fields only. */
    void forEachVersion(BiConsumer<String, Long> each) {
        try (IdOrderedScan<Document> scan = IdOrderedScan.of(documents,
                Projections.include(StoredProduct.SKU, StoredProduct.VERSION), VERSIONS_PAGE, product -> product)) {
            scan.forEachRemaining(product -> each.accept(product.getString(StoredProduct.SKU),
                    optionalNumber(product, StoredProduct.VERSION)));
        }
    }

    /** Replaces the collection's validator with the products' schema of these types ({@code collMod}). */
    void modifyValidator(List<ProductType> types) {
        database.runCommand(new Document("collMod", PRODUCTS)
                .append("validator", validator(types))
                .append("validationLevel", "strict")
                .append("validationAction", "error"));
    }

    /** Creates the collection with the products' schema of these types as its validator. */
    void createWithValidator(List<ProductType> types) {
        database.runCommand(new Document("create", PRODUCTS).append("validator", validator(types)));
    }

    private static Document validator(List<ProductType> types) {
        return new Document("$jsonSchema", ProductSchema.of(types));
    }
}

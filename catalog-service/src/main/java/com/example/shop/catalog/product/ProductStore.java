package com.example.shop.catalog.product;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;

import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.web.bulk.PagedScan;
import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.FindOneAndDeleteOptions;
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
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
     * The indexes of {@code products}: {@code sku_unique} alone. It is also the name the sharding
     * script gives the index when it shards {@code products} on {@code {sku: 1}} before the service
     * ran; a {@code sku_1} left by {@code shardCollection} itself counts as present. Every read by
     * anything else is the search index's ({@link RetiredProductIndexes} drops the ones the book's
     * queries had).
     */
    static final List<RequiredIndex> INDEXES = List.of(
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.SKU),
                    new IndexOptions().unique(true).name("sku_unique")));

    /**
     * How many whole products a scan of the collection reads at a time ({@link PagedScan}: the
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

    /** Drops those of these indexes the collection has; answers the ones it dropped. */
    List<String> dropIndexes(List<String> names) {
        List<String> present = new ArrayList<>();
        documents.listIndexes().forEach(index -> present.add(index.getString("name")));
        List<String> dropped = new ArrayList<>();
        for (String name : names) {
            if (present.contains(name)) {
                documents.dropIndex(name);
                dropped.add(name);
            }
        }
        return dropped;
    }

    /** The product with this sku, if there is one. */
    Optional<StoredProduct> bySku(String sku) {
        return Optional.ofNullable(products.find(eq(StoredProduct.SKU, sku)).first());
    }

    /** The skus each of these products holds (key → skus; {@code [key]} for one written before variants), one read. */
    Map<String, List<String>> skusOf(Collection<String> keys) {
        Map<String, List<String>> skus = new HashMap<>();
        for (Document product : documents.find(in(StoredProduct.SKU, keys))
                .projection(Projections.include(StoredProduct.SKU, StoredProduct.SKUS))) {
            String key = product.getString(StoredProduct.SKU);
            skus.put(key, product.getList(StoredProduct.SKUS, String.class, List.of(key)));
        }
        return skus;
    }

    /** The products with these keys, one read on the unique sku index. */
    List<StoredProduct> byKeys(Collection<String> keys) {
        return products.find(in(StoredProduct.SKU, keys)).into(new ArrayList<>());
    }

    /**
     * Drops the index of this name when it is there: one an earlier version required and this one does
     * not (skus_unique, which MongoDB refuses on products sharded on {sku: 1}). Whether it was there.
     */
    boolean dropIndexIfPresent(String name) {
        for (Document index : documents.listIndexes()) {
            if (name.equals(index.getString("name"))) {
                documents.dropIndex(name);
                return true;
            }
        }
        return false;
    }

    /** The product's stored version as stored, if the product exists (and has one). */
    Optional<Object> versionOf(String sku) {
        Document current = documents.find(eq(StoredProduct.SKU, sku)).projection(Projections.include(StoredProduct.VERSION)).first();
        return Optional.ofNullable(current).map(product -> product.get(StoredProduct.VERSION));
    }

    /** A product's stored version as stored and the skus it holds: what a replace checks and claims from. */
    record Current(Object version, List<String> skus) {
    }

    /** The product's stored version and skus, if the product exists. */
    Optional<Current> current(String sku) {
        Document current = documents.find(eq(StoredProduct.SKU, sku))
                .projection(Projections.include(StoredProduct.VERSION, StoredProduct.SKUS)).first();
        return Optional.ofNullable(current).map(product -> new Current(product.get(StoredProduct.VERSION),
                product.getList(StoredProduct.SKUS, String.class, List.of(sku))));
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

    /**
     * Deletes the product {@code sku}, when {@code expectedVersion} is given only at that version: the skus
     * it held, or empty when none was deleted.
     */
    Optional<List<String>> delete(String sku, Long expectedVersion) {
        Bson filter = expectedVersion == null ? eq(StoredProduct.SKU, sku)
                : and(eq(StoredProduct.SKU, sku), eq(StoredProduct.VERSION, expectedVersion));
        Document deleted = documents.findOneAndDelete(filter,
                new FindOneAndDeleteOptions().projection(Projections.include(StoredProduct.SKUS)));
        return Optional.ofNullable(deleted).map(product -> product.getList(StoredProduct.SKUS, String.class, List.of(sku)));
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

    /** A product as the sku registry's migration reads it: its {@code _id}, key and skus (null: written before variants). */
    record KeyedSkus(Object id, String sku, List<String> skus) {

        /** The skus the product holds: {@code [sku]} for one written before variants. */
        List<String> held() {
            return skus == null ? List.of(sku) : skus;
        }
    }

    /** The next {@code size} products after {@code afterId} (null: from the first) in {@code _id} order, their key and skus only. */
    List<KeyedSkus> keyedSkus(Object afterId, int size) {
        Bson filter = afterId == null ? new Document() : Filters.gt(StoredProduct.ID, afterId);
        List<KeyedSkus> batch = new ArrayList<>(size);
        for (Document product : documents.find(filter).projection(Projections.include(StoredProduct.ID, StoredProduct.SKU,
                StoredProduct.SKUS)).sort(Sorts.ascending(StoredProduct.ID)).limit(size)) {
            batch.add(new KeyedSkus(product.get(StoredProduct.ID), product.getString(StoredProduct.SKU),
                    product.getList(StoredProduct.SKUS, String.class)));
        }
        return batch;
    }

    /**
     * Gives these products, written before variants, {@code skus: [sku]}: one unordered bulk of
     * {@code updateOne({_id, skus: {$exists: false}}, {$set: {skus: [sku]}})}, so that a product given its
     * skus meanwhile is left alone. How many were given theirs.
     */
    int giveSkus(List<KeyedSkus> products) {
        if (products.isEmpty()) {
            return 0;
        }
        Bson withoutSkus = Filters.exists(StoredProduct.SKUS, false);
        List<WriteModel<Document>> writes = new ArrayList<>(products.size());
        for (KeyedSkus product : products) {
            writes.add(new UpdateOneModel<>(and(eq(StoredProduct.ID, product.id()), withoutSkus),
                    Updates.set(StoredProduct.SKUS, List.of(product.sku()))));
        }
        return documents.bulkWrite(writes, new BulkWriteOptions().ordered(false)).getModifiedCount();
    }

    /** Every product, a page at a time along {@code _id} ({@link PagedScan}); close it when done. */
    <T> PagedScan<Document, T> scan(Function<StoredProduct, T> each) {
        return PagedScan.byId(documents, null, SCAN_PAGE, stored -> each.apply(CODEC.fromDocument(stored)));
    }

    /** Every product's sku and version (null when it has none), read in pages of those two fields only. */
    void forEachVersion(BiConsumer<String, Long> each) {
        try (PagedScan<Document, Document> scan = PagedScan.byId(documents,
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

package com.example.shop.catalog.producttype;

import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.Document;

/**
 * The {@code product_types} collection and its queries, for this feature's use cases only: one
 * document per type ({@link ProductTypeCodec}), {@code _id} = the type's name, so that a duplicate
 * name is refused by the primary key (error 11000), never by a racy read.
 */
@Singleton
record ProductTypeStore(MongoCollection<ProductType> types) {

    private static final String PRODUCT_TYPES = "product_types";
    private static final ProductTypeCodec CODEC = new ProductTypeCodec();

    @Inject
    ProductTypeStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, PRODUCT_TYPES, CODEC));
    }

    /** Every type, by name, at most {@code limit}. */
    List<ProductType> all(int limit) {
        return types.find().sort(Sorts.ascending(ProductTypeCodec.ID)).limit(limit).into(new ArrayList<>());
    }

    Optional<ProductType> find(String name) {
        return Optional.ofNullable(types.find(Filters.eq(ProductTypeCodec.ID, name)).first());
    }

    /** Inserts a new type; one of the same name is refused ({@code MongoWriteException}, a duplicate key). */
    void insert(ProductType type) {
        types.insertOne(type);
    }

    /**
     * Inserts the type unless one of its name exists, which is left as it is: an upsert with
     * {@code $setOnInsert}, so that replicas starting at once insert it once.
     */
    void insertIfMissing(ProductType type) {
        Document fields = CODEC.toDocument(type);
        fields.remove(ProductTypeCodec.ID);
        try {
            types.updateOne(Filters.eq(ProductTypeCodec.ID, type.name()), Updates.setOnInsert(fields),
                    new UpdateOptions().upsert(true));
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e; // a concurrent replica inserted it first: fine
            }
        }
    }

    /**
     * Gives the type {@code options} unless it has options already: one {@code updateOne({_id, options:
     * {$exists: false}}, {$set: {options}})}, so that it happens once however often or on however many
     * replicas it runs. Whether this call changed it.
     */
    boolean addOptionsIfNone(String name, List<ProductType.Option> options) {
        return types.updateOne(Filters.and(Filters.eq(ProductTypeCodec.ID, name), Filters.exists(ProductTypeCodec.OPTIONS, false)),
                Updates.set(ProductTypeCodec.OPTIONS, ProductTypeCodec.options(options))).getModifiedCount() > 0;
    }
}

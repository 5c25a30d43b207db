package com.example.shop.web.database;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.IndexOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;

/** An index a service needs on one of its collections. */
public record RequiredIndex(String collection, IndexModel model) {

    public RequiredIndex {
        Objects.requireNonNull(collection);
        Objects.requireNonNull(model);
    }

    public static RequiredIndex on(String collection, Bson keys) {
        return new RequiredIndex(collection, new IndexModel(keys));
    }

    public static RequiredIndex on(String collection, Bson keys, IndexOptions options) {
        return new RequiredIndex(collection, new IndexModel(keys, options));
    }

    public BsonDocument keys() {
        return model.getKeys().toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());
    }

    public boolean unique() {
        return model.getOptions().isUnique();
    }

    /**
     * Whether an index as {@code listIndexes} describes it does the same job under whatever name:
     * the same fields in the same order with the same directions, and the same uniqueness (a
     * non-unique index on {@code sku} does not keep skus unique).
     */
    public boolean isServedBy(Document existing) {
        if (!(existing.get("key") instanceof Map<?, ?> key) || Boolean.TRUE.equals(existing.get("unique")) != unique()) {
            return false;
        }
        BsonDocument wanted = keys();
        if (!new ArrayList<>(key.keySet()).equals(new ArrayList<>(wanted.keySet()))) {
            return false;
        }
        for (String field : wanted.keySet()) {
            Object have = key.get(field);
            var want = wanted.get(field);
            boolean same = want.isNumber() ? have instanceof Number n && n.doubleValue() == want.asNumber().doubleValue()
                    : want.isString() && want.asString().getValue().equals(have);
            if (!same) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return collection + " " + keys().toJson() + (unique() ? " unique" : "")
                + (model.getOptions().getName() == null ? "" : " (" + model.getOptions().getName() + ")");
    }

    /**
     * Each index in full, one line each (collection, keys, every option): two lists are equal when
     * they declare the same indexes in the same order, which a test of a service's schema compares.
     */
    public static List<String> declarations(List<RequiredIndex> indexes) {
        return indexes.stream().map(index -> index.collection() + " " + index.keys().toJson() + " " + index.model().getOptions())
                .toList();
    }
}

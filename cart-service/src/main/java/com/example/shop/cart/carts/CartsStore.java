package com.example.shop.cart.carts;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.ReturnDocument;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The carts feature's collection, {@code cart}: only this feature's use cases write or read it;
 * other features reach carts through them ({@link ExpireCarts}, {@link CartClaims}, ...). A cart
 * is read and written as a {@link StoredCart}; filters, updates and the collection's index are
 * built from its field names.
 */
@Singleton
public record CartsStore(MongoCollection<Document> carts) implements FeatureIndexes {

    private static final String CARTS = "cart";

    /** Carts by status and last change: the expiry and the stalled checkouts query by them. */
    static final List<RequiredIndex> INDEXES = List.of(
            RequiredIndex.on(CARTS, Indexes.ascending(StoredCart.STATUS, StoredCart.LAST_MODIFIED),
                    new IndexOptions().name("status_last_modified")));

    private static final FindOneAndUpdateOptions AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER);

    /** The service's database, or any other: tests run a second "replica" of the jobs on a client of their own. */
    @Inject
    public CartsStore(MongoDatabase database) {
        this(database.getCollection(CARTS));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }

    /** The cart with this id, or null. */
    StoredCart find(String cartId) {
        Document doc = carts.find(StoredCart.withId(cartId)).first();
        return doc == null ? null : StoredCart.of(doc);
    }

    void insert(StoredCart cart) {
        carts.insertOne(cart.toDocument());
    }

    /** Applies {@code update} to the cart {@code filter} matches; how many were modified (0 or 1). */
    long update(Bson filter, Bson update) {
        return carts.updateOne(filter, update).getModifiedCount();
    }

    /** Applies {@code update} to the cart {@code filter} matches; the cart as written, or null when none matched. */
    StoredCart updateAndGet(Bson filter, Bson update) {
        Document doc = carts.findOneAndUpdate(filter, update, AFTER);
        return doc == null ? null : StoredCart.of(doc);
    }
}

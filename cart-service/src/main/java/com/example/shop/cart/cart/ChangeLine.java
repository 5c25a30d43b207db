package com.example.shop.cart.cart;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.elemMatch;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.pull;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.cart.cart.CartRecords.CartView;
import com.example.shop.cart.catalog.Catalog;
import com.example.shop.cart.config.CartConfig;
import com.example.shop.cart.config.CartDatabase;
import com.example.shop.cart.config.CartMetrics;
import com.example.shop.cart.config.FaultInjection;
import com.example.shop.cart.inventory.Docs;
import com.example.shop.cart.inventory.Reservations;
import com.example.shop.cart.problems.CartProblems;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Date;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * PUT /carts/{id}/items/{sku} and DELETE: set a line's quantity, reserving or returning only the
 * difference. The cart write is a compare-and-set on the line's observed quantity (and
 * {@code status: active}), so concurrent changes never lose an update; a lost race is retried.
 * <ul>
 * <li><b>Increase by d</b>: within the product's per-cart limit (from the catalog, as on add); reserve d first, then CAS the line; if the CAS fails, return the d
 * (compensation) and retry, or answer 409 when the cart is no longer active.</li>
 * <li><b>Decrease by d / remove</b>: CAS the line first, then return d from the cart's carted
 * entry. A crash in between leaves an over-reservation that cleanup returns; if expiry returned
 * the whole entry meanwhile there is nothing left to return, so nothing is returned twice.</li>
 * </ul>
 * Both cart writes return the cart as written, which is the answer; the usual change is three
 * commands: read the cart, the cart write and the inventory write (or the other way round).
 */
@Singleton
public class ChangeLine {

    private static final FindOneAndUpdateOptions AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER);

    private final MongoCollection<Document> carts;
    private final CartReader reader;
    private final Reservations reservations;
    private final CartMetrics metrics;
    private final FaultInjection faults;
    private final Catalog catalog;
    private final CartConfig config;

    @Inject
    public ChangeLine(CartDatabase database, CartReader reader, Reservations reservations, CartMetrics metrics,
                      FaultInjection faults, Catalog catalog, CartConfig config) {
        this.carts = database.carts();
        this.reader = reader;
        this.reservations = reservations;
        this.metrics = metrics;
        this.faults = faults;
        this.catalog = catalog;
        this.config = config;
    }

    public CartView change(String cartId, String sku, int qty) {
        for (int attempt = 0; attempt < 100; attempt++) {
            Document cart = reader.require(cartId);
            AddToCart.requireActive(cart);
            Document line = CartReader.line(cart, sku);
            if (line == null) {
                throw CartProblems.noSuchLine(sku);
            }
            long held = Docs.num(line, "qty");
            if (qty == held) {
                return CartReader.view(cart);
            }
            Bson unchanged = and(eq("_id", cartId), eq("status", CartStatus.ACTIVE),
                    elemMatch("items", and(eq("sku", sku), eq("qty", line.get("qty")))));
            Date now = new Date();
            if (qty > held) {
                int limit = AddToCart.lineLimit(catalog.product(sku), config);
                if (qty > limit) {
                    metrics.refused("line-limit");
                    throw CartProblems.lineLimit(sku, limit);
                }
                int more = (int) (qty - held);
                reservations.reserve(sku, cartId, more, true);
                faults.at(FaultInjection.Point.AFTER_RESERVE);
                Document claimed = carts.findOneAndUpdate(unchanged,
                        combine(set("items.$.qty", qty), set("last_modified", now), inc("version", 1L)), AFTER);
                if (claimed != null) {
                    return CartReader.view(claimed);
                }
                reservations.release(sku, cartId, more, "compensation");
                metrics.compensated();
            } else {
                Bson update = qty == 0
                        ? combine(pull("items", new Document("sku", sku)), set("last_modified", now), inc("version", 1L))
                        : combine(set("items.$.qty", qty), set("last_modified", now), inc("version", 1L));
                Document unclaimed = carts.findOneAndUpdate(unchanged, update, AFTER);
                if (unclaimed != null) {
                    faults.at(FaultInjection.Point.AFTER_CART_RELEASE);
                    // The entry held what the line held (they agree while no crash came between).
                    reservations.release(sku, cartId, held - qty, held, "release");
                    return CartReader.view(unclaimed);
                }
            }
            // the line or the cart's status changed concurrently: look again
        }
        throw CartProblems.busy();
    }
}

package com.example.shop.cart.cart;

import static com.mongodb.client.model.Filters.eq;

import com.example.shop.cart.cart.CartRecords.CartView;
import com.example.shop.cart.cart.CartRecords.Line;
import com.example.shop.cart.config.CartDatabase;
import com.example.shop.cart.inventory.Docs;
import com.example.shop.cart.problems.CartProblems;
import com.mongodb.client.MongoCollection;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.Document;

/** Loads carts and turns them into their public view. */
@Singleton
public class CartReader {

    private final MongoCollection<Document> carts;

    @Inject
    public CartReader(CartDatabase database) {
        this.carts = database.carts();
    }

    /** The cart, or a 404 problem. The id must already be validated. */
    public Document require(String cartId) {
        Document cart = carts.find(eq("_id", cartId)).first();
        if (cart == null) {
            throw CartProblems.cartNotFound();
        }
        return cart;
    }

    public static Document line(Document cart, String sku) {
        for (Document item : Docs.list(cart, "items")) {
            if (sku.equals(item.getString("sku"))) {
                return item;
            }
        }
        return null;
    }

    /** The currency of the cart's lines, or null when it has none. */
    public static String currency(Document cart) {
        for (Document item : Docs.list(cart, "items")) {
            return item.get("details", Document.class).getString("currency");
        }
        return null;
    }

    public static long totalAmount(Document cart) {
        long total = 0;
        for (Document item : Docs.list(cart, "items")) {
            total += Docs.num(item, "qty") * Docs.num(item.get("details", Document.class), "unit_price");
        }
        return total;
    }

    public CartView view(String cartId) {
        return view(require(cartId));
    }

    public static CartView view(Document cart) {
        List<Line> lines = new ArrayList<>();
        long units = 0;
        for (Document item : Docs.list(cart, "items")) {
            Document details = item.get("details", Document.class);
            int qty = (int) Docs.num(item, "qty");
            long price = Docs.num(details, "unit_price");
            lines.add(new Line(item.getString("sku"), qty, details.getString("title"), details.getString("type"),
                    price, details.getString("currency"), price * qty));
            units += qty;
        }
        Date modified = cart.getDate("last_modified");
        return new CartView(cart.getString("_id"), cart.getString("status"), modified.toInstant(), lines, units,
                totalAmount(cart), currency(cart));
    }
}

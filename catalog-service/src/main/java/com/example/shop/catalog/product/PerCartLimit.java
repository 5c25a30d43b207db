package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.catalog.producttype.ProductTypes;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.Document;

/**
 * The most units of a product one cart may hold, as the product shows it ({@code max_per_cart})
 * and the cart service enforces it: the product's own value, else its type's, else the platform
 * default ({@code catalog.products.default-max-per-cart}). It bounds what one shopper - or one bot -
 * can take of a product per cart.
 *
 * <p>Product types are declared once and never changed, so a type's value is kept after its first
 * lookup; a type not found is looked up again next time.
 */
@ApplicationScoped
public class PerCartLimit {

    private final ProductTypes types;
    private final int platformDefault;
    private final Map<String, Optional<Integer>> typeLimits = new ConcurrentHashMap<>();

    PerCartLimit(ProductTypes types, CatalogConfig config) {
        this.types = types;
        this.platformDefault = config.products().defaultMaxPerCart();
    }

    /** The limit in force for this stored product. */
    public int of(Document product) {
        Object own = product.get("max_per_cart");
        if (own instanceof Number n) {
            return n.intValue();
        }
        return typeLimit(product.getString("type")).orElse(platformDefault);
    }

    /** Adds the limit in force to a product read from the database, which is then written out as is. */
    public Document shownOn(Document product) {
        product.put("max_per_cart", of(product));
        return product;
    }

    private Optional<Integer> typeLimit(String typeName) {
        if (typeName == null) {
            return Optional.empty();
        }
        Optional<Integer> known = typeLimits.get(typeName);
        if (known != null) {
            return known;
        }
        Optional<ProductType> type = types.find(typeName);
        if (type.isEmpty()) {
            return Optional.empty();
        }
        Optional<Integer> limit = Optional.ofNullable(type.get().max_per_cart());
        typeLimits.put(typeName, limit);
        return limit;
    }
}

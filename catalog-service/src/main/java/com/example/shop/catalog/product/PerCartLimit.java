package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.catalog.producttype.ProductTypes;
import com.example.shop.web.WireName;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

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
    private final Map<String, TypeLimit> typeLimits = new ConcurrentHashMap<>();

    /** What a type says about the limit: its value (empty: none) and what the limit counts. */
    private record TypeLimit(Optional<Integer> limit, String scope) {
        static final TypeLimit NONE = new TypeLimit(Optional.empty(), ProductType.SCOPE_VARIANT);
    }

    PerCartLimit(ProductTypes types, CatalogConfig config) {
        this.types = types;
        this.platformDefault = config.products().defaultMaxPerCart();
    }

    /**
     * The limit in force on a product and where it comes from, as the product shows them, and what it
     * counts ({@code max_per_cart_scope}: each variant's units, or all the product's variants' together).
     */
    public record InForce(int value, Source source, String scope) {
    }

    /** Where a limit in force comes from ({@code max_per_cart_source}), with the name the API shows. */
    public enum Source implements WireName {
        PRODUCT, TYPE, PLATFORM;
    }

    /** The limit in force on a product of type {@code typeName} whose own limit is {@code own} (null: none). */
    public InForce of(String typeName, Integer own) {
        TypeLimit ofType = typeLimit(typeName);
        if (own != null) {
            return new InForce(own, Source.PRODUCT, ofType.scope());
        }
        return ofType.limit().map(limit -> new InForce(limit, Source.TYPE, ofType.scope()))
                .orElseGet(() -> new InForce(platformDefault, Source.PLATFORM, ofType.scope()));
    }

    InForce of(StoredProduct product) {
        return of(product.type(), product.maxPerCart());
    }

    /**
     * Whether a written {@code max_per_cart} is only the inherited value sent back as GET showed it
     * (its source type or platform, its value unchanged), so that a GET-then-PUT round trip does not
     * pin today's inherited value on the product.
     */
    boolean isInheritedValue(int maxPerCart, String source, String typeName) {
        return source != null && !Source.PRODUCT.wire().equals(source) && maxPerCart == typeLimit(typeName).limit().orElse(platformDefault);
    }

    private TypeLimit typeLimit(String typeName) {
        if (typeName == null) {
            return TypeLimit.NONE;
        }
        TypeLimit known = typeLimits.get(typeName);
        if (known != null) {
            return known;
        }
        Optional<ProductType> type = types.find(typeName);
        if (type.isEmpty()) {
            return TypeLimit.NONE;
        }
        TypeLimit limit = new TypeLimit(Optional.ofNullable(type.get().max_per_cart()), type.get().scope());
        typeLimits.put(typeName, limit);
        return limit;
    }
}

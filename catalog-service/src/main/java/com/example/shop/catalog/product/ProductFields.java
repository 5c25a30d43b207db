package com.example.shop.catalog.product;

import com.example.shop.catalog.producttype.DetailsValidator;
import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.catalog.producttype.ProductTypes;
import com.example.shop.problems.Problems;
import com.example.shop.web.identifiers.Identifiers;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The stored product a body describes, shared by create, replace and import:
 * {@code details} checked against the product type's declaration, pricing with its computed
 * savings, category ids de-duplicated, keywords derived. Every refusal is a 400 naming the field.
 */
@Singleton
record ProductFields(ProductTypes types, PerCartLimit perCartLimit) {

    /** The product a body describes, at {@code version}; {@code sku} is the one it is stored under. */
    StoredProduct of(String sku, ProductBody body, long version) {
        ProductType type = types.find(body.type()).orElseThrow(() -> Problems.invalidField("type",
                "Unknown product type '" + body.type() + "'; known: " + types.list().stream()
                        .map(ProductType::name).collect(Collectors.joining(", "))));
        Map<String, Object> details = DetailsValidator.stored(type, body.details());
        StoredProduct.Shipping shipping = null;
        if (body.shipping() != null) {
            ProductBody.Dimensions d = body.shipping().dimensions();
            shipping = new StoredProduct.Shipping(body.shipping().weight(),
                    d == null ? null : new StoredProduct.Dimensions(d.width(), d.height(), d.depth()));
        }
        Integer maxPerCart = body.max_per_cart() != null
                && !perCartLimit.isInheritedValue(body.max_per_cart(), body.max_per_cart_source(), type.name())
                ? body.max_per_cart() : null;
        return new StoredProduct(sku, type.name(), body.title(), body.description(), shipping, pricing(body.pricing()),
                categoryIds(body.category_ids()), details,
                Keywords.derive(body.title(), details, keywords(body.keywords())), maxPerCart, version);
    }

    static StoredProduct.Pricing pricing(ProductBody.Pricing pricing) {
        long list = pricing.list();
        long retail = pricing.retail();
        if (retail > list) {
            throw Problems.invalidField("pricing.retail", "'pricing.retail' (" + retail
                    + ") must not exceed 'pricing.list' (" + list + ")");
        }
        long savings = list - retail;
        long pctSavings = list == 0 ? 0 : savings * 100 / list;
        if (pricing.savings() != null && pricing.savings() != savings) {
            throw Problems.invalidField("pricing.savings", "'pricing.savings' is computed as list - retail = "
                    + savings + "; leave it out or send that value");
        }
        if (pricing.pct_savings() != null && pricing.pct_savings() != pctSavings) {
            throw Problems.invalidField("pricing.pct_savings", "'pricing.pct_savings' is computed as "
                    + pctSavings + "; leave it out or send that value");
        }
        return new StoredProduct.Pricing(pricing.currency(), list, retail, savings, pctSavings);
    }

    private static List<String> categoryIds(List<String> ids) {
        if (ids == null) {
            return List.of();
        }
        Set<String> unique = new LinkedHashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            if (!Identifiers.isObjectId(id)) {
                throw Problems.invalidField("category_ids[" + i + "]",
                        "'category_ids[" + i + "]' must be a category id of 24 lower-case hex digits");
            }
            unique.add(id);
        }
        return new ArrayList<>(unique);
    }

    private static List<String> keywords(List<String> keywords) {
        if (keywords == null) {
            return List.of();
        }
        for (int i = 0; i < keywords.size(); i++) {
            String keyword = keywords.get(i);
            if (keyword == null || keyword.isBlank() || keyword.length() > 100) {
                throw Problems.invalidField("keywords[" + i + "]",
                        "'keywords[" + i + "]' must be a non-blank string of at most 100 characters");
            }
        }
        return keywords;
    }
}

package com.example.shop.cart.support;

import java.util.ArrayList;
import java.util.List;

/**
 * A product with variants as the catalog answers {@code GET /products/{sku}}
 * (docs/design.md#variants), built for the {@link CatalogStub}: an Apparel "Basic tee" with
 * options {@code size} and {@code colour}, or a product without options (its one variant the key).
 */
public final class VariantProduct {

    private final String key;
    private final boolean withOptions;
    private final List<String> variants = new ArrayList<>();
    private String limit = "";

    private VariantProduct(String key, boolean withOptions) {
        this.key = key;
        this.withOptions = withOptions;
    }

    /** A tee under {@code key} with options size and colour and no variant yet. */
    public static VariantProduct tee(String key) {
        return new VariantProduct(key, true);
    }

    /** A product without options, as the catalog answers it since variants: {@code options: []} and its one variant, the key. */
    public static VariantProduct withoutOptions(String key, long retail) {
        VariantProduct product = new VariantProduct(key, false);
        product.variants.add(variant(key, "{}", retail, false));
        return product;
    }

    /** {@code max_per_cart} counted as {@code scope} says ({@code variant} or {@code product}). */
    public VariantProduct limit(int max, String scope) {
        limit = "\"max_per_cart\":" + max + ",\"max_per_cart_source\":\"type\",\"max_per_cart_scope\":\"" + scope + "\",";
        return this;
    }

    public VariantProduct variant(String sku, String size, String colour, long retail) {
        variants.add(variant(sku, options(size, colour), retail, false));
        return this;
    }

    public VariantProduct retired(String sku, String size, String colour, long retail) {
        variants.add(variant(sku, options(size, colour), retail, true));
        return this;
    }

    /** Registers the product in the stub (replacing an earlier registration of the key). */
    public void register() {
        Catalog.product(json());
    }

    public String json() {
        String options = withOptions
                ? "[{\"name\":\"size\",\"values\":[\"S\",\"M\",\"L\"]},{\"name\":\"colour\",\"values\":[\"black\",\"white\"]}]"
                : "[]";
        return "{\"sku\":\"" + key + "\",\"type\":\"" + (withOptions ? "Apparel" : "Audio Album") + "\",\"title\":\""
                + (withOptions ? "Basic tee" : "Album " + key) + "\",\"description\":\"fixture\"," + limit
                + "\"pricing\":" + pricing(1500) + ",\"details\":{},\"options\":" + options
                + ",\"variants\":[" + String.join(",", variants) + "]}";
    }

    /** A variant's option values, deliberately not in the product's order: the cart shows them in that order. */
    private static String options(String size, String colour) {
        return "{\"colour\":\"" + colour + "\",\"size\":\"" + size + "\"}";
    }

    private static String variant(String sku, String options, long retail, boolean retired) {
        return "{\"sku\":\"" + sku + "\",\"options\":" + options + ",\"pricing\":" + pricing(retail) + ",\"details\":{},\"available\":true"
                + (retired ? ",\"retired\":true" : "") + "}";
    }

    private static String pricing(long retail) {
        return "{\"currency\":\"USD\",\"list\":" + (retail + 300) + ",\"retail\":" + retail + ",\"savings\":300,\"pct_savings\":20}";
    }
}

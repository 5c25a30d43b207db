package com.example.shop.catalog.product;

import java.util.List;
import java.util.Map;

/**
 * A product as the {@code products} collection holds it, typed: the use cases read and write these
 * values, and only {@link StoredProductCodec} knows the document. The field names are the constants
 * below and nowhere else in the product feature, so that a filter, an update, the collection's
 * validator and the document itself cannot spell a field two ways.
 *
 * <p>{@code details} keeps the stored values of the product type's attributes in their stored order
 * (strings, lists of strings, longs, doubles, booleans, dates as {@link java.util.Date} at UTC midnight).
 * {@code maxPerCart} is the product's own limit, null when it inherits one ({@link PerCartLimit}).
 * {@code version} is 0 for the fields of a body not yet given a version.
 */
public record StoredProduct(String sku, String type, String title, String description, Shipping shipping,
                            Pricing pricing, List<String> categoryIds, Map<String, Object> details,
                            List<String> keywords, Integer maxPerCart, long version) {

    public static final String ID = "_id";
    public static final String SKU = "sku";
    public static final String TYPE = "type";
    public static final String TITLE = "title";
    public static final String DESCRIPTION = "description";
    public static final String SHIPPING = "shipping";
    public static final String WEIGHT = "weight";
    public static final String DIMENSIONS = "dimensions";
    public static final String WIDTH = "width";
    public static final String HEIGHT = "height";
    public static final String DEPTH = "depth";
    public static final String PRICING = "pricing";
    public static final String CURRENCY = "currency";
    public static final String LIST = "list";
    public static final String RETAIL = "retail";
    public static final String SAVINGS = "savings";
    public static final String PCT_SAVINGS = "pct_savings";
    public static final String CATEGORY_IDS = "category_ids";
    public static final String DETAILS = "details";
    public static final String KEYWORDS = "keywords";
    public static final String MAX_PER_CART = "max_per_cart";
    public static final String VERSION = "version";
    /** Paths into {@code pricing}, for the indexes. */
    static final String PRICING_PCT_SAVINGS = PRICING + "." + PCT_SAVINGS;
    static final String PRICING_RETAIL = PRICING + "." + RETAIL;
    /**
     * Paths into {@code details} that the book's indexes name: attributes of the built-in types
     * ({@code producttype.BuiltInProductTypes}), which other types may declare as well.
     */
    static final String DETAILS_GENRE = DETAILS + ".genre";
    static final String DETAILS_ACTOR = DETAILS + ".actor";
    static final String DETAILS_ISSUE_DATE = DETAILS + ".issue_date";

    /** The fields a replace removes when its body leaves them out. */
    static final List<String> OPTIONAL = List.of(DESCRIPTION, SHIPPING, MAX_PER_CART);

    /** Weight in grams and dimensions in millimetres, each optional. */
    public record Shipping(Long weight, Dimensions dimensions) {
    }

    public record Dimensions(long width, long height, long depth) {
    }

    /** Money in integer minor units of {@code currency}; savings and pct_savings as computed when written. */
    public record Pricing(String currency, long list, long retail, long savings, long pctSavings) {
    }

    /** Whether the two set the same fields (sku and version aside), as MongoDB would compare their documents. */
    boolean sameFieldsAs(StoredProduct other) {
        return StoredProductCodec.sameFields(this, other);
    }

    StoredProduct withVersion(long version) {
        return new StoredProduct(sku, type, title, description, shipping, pricing, categoryIds, details, keywords,
                maxPerCart, version);
    }
}

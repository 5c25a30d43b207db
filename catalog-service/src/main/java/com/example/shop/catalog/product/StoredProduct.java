package com.example.shop.catalog.product;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
 *
 * <p>{@code sku} is the product's key. {@code options} are the product's ordered options (size,
 * colour, format), empty for a product without any; {@code variants} are what is sold, each under its
 * own sku, never empty: a product without options has one variant whose sku is the key, with no option
 * values and the product's pricing and details (docs/design.md#variants).
 */
public record StoredProduct(String sku, String type, String title, String description, Shipping shipping,
                            Pricing pricing, List<String> categoryIds, Map<String, Object> details,
                            List<String> keywords, Integer maxPerCart, long version, List<Option> options,
                            List<Variant> variants) {

    public StoredProduct {
        options = options == null ? List.of() : options;
        variants = variants == null || variants.isEmpty() ? List.of(Variant.only(sku)) : variants;
    }

    /** A product without options: its one variant is itself. */
    public StoredProduct(String sku, String type, String title, String description, Shipping shipping, Pricing pricing,
                         List<String> categoryIds, Map<String, Object> details, List<String> keywords, Integer maxPerCart,
                         long version) {
        this(sku, type, title, description, shipping, pricing, categoryIds, details, keywords, maxPerCart, version, null,
                null);
    }

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
    public static final String OPTIONS = "options";
    public static final String OPTION_NAME = "name";
    public static final String OPTION_VALUES = "values";
    public static final String VARIANTS = "variants";
    public static final String RETIRED = "retired";
    /** The key and every variant's sku, once each: what the sku registry holds for the product and what a sku is looked up by. */
    public static final String SKUS = "skus";
    static final String VARIANTS_SKU = VARIANTS + "." + SKU;
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
    static final List<String> OPTIONAL = List.of(DESCRIPTION, SHIPPING, MAX_PER_CART, OPTIONS, VARIANTS);

    /** Weight in grams and dimensions in millimetres, each optional. */
    public record Shipping(Long weight, Dimensions dimensions) {
    }

    public record Dimensions(long width, long height, long depth) {
    }

    /** Money in integer minor units of {@code currency}; savings and pct_savings as computed when written. */
    public record Pricing(String currency, long list, long retail, long savings, long pctSavings) {
    }

    /**
     * One option of the product: its name (declared by the product type) and its values in the order
     * the storefront shows them.
     */
    public record Option(String name, List<String> values) {
    }

    /**
     * One variant: its sku, one value per option of the product ({@code options}, in the product's
     * option order), the pricing and details that override the product's (null: the product's), and
     * whether it is retired (kept, so that its sku stays taken and its holds run out, but no longer sold).
     */
    public record Variant(String sku, Map<String, String> options, Pricing pricing, Map<String, Object> details,
                          boolean retired) {

        public Variant {
            options = options == null ? Map.of() : options;
        }

        static Variant only(String sku) {
            return new Variant(sku, Map.of(), null, null, false);
        }

        /** The pricing this variant is sold at. */
        public Pricing pricingIn(StoredProduct product) {
            return pricing == null ? product.pricing() : pricing;
        }
    }

    /** Whether the product has options, and so stores its variants. */
    public boolean hasOptions() {
        return !options.isEmpty();
    }

    /** The key and every variant's sku, once each, key first. */
    public List<String> skus() {
        LinkedHashSet<String> skus = new LinkedHashSet<>();
        skus.add(sku);
        for (Variant variant : variants) {
            skus.add(variant.sku());
        }
        return new ArrayList<>(skus);
    }

    /** The variant sold under this sku, if any. */
    public Optional<Variant> variant(String variantSku) {
        return variants.stream().filter(v -> v.sku().equals(variantSku)).findFirst();
    }

    /** Whether the two set the same fields (sku and version aside), as MongoDB would compare their documents. */
    boolean sameFieldsAs(StoredProduct other) {
        return StoredProductCodec.sameFields(this, other);
    }

    StoredProduct withVersion(long version) {
        return new StoredProduct(sku, type, title, description, shipping, pricing, categoryIds, details, keywords,
                maxPerCart, version, options, variants);
    }
}

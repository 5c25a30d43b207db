package com.example.shop.catalog.product;

import static com.example.shop.catalog.product.StoredProduct.CATEGORY_IDS;
import static com.example.shop.catalog.product.StoredProduct.CURRENCY;
import static com.example.shop.catalog.product.StoredProduct.DEPTH;
import static com.example.shop.catalog.product.StoredProduct.DESCRIPTION;
import static com.example.shop.catalog.product.StoredProduct.DETAILS;
import static com.example.shop.catalog.product.StoredProduct.DIMENSIONS;
import static com.example.shop.catalog.product.StoredProduct.HEIGHT;
import static com.example.shop.catalog.product.StoredProduct.KEYWORDS;
import static com.example.shop.catalog.product.StoredProduct.LIST;
import static com.example.shop.catalog.product.StoredProduct.MAX_PER_CART;
import static com.example.shop.catalog.product.StoredProduct.OPTIONS;
import static com.example.shop.catalog.product.StoredProduct.OPTION_NAME;
import static com.example.shop.catalog.product.StoredProduct.OPTION_VALUES;
import static com.example.shop.catalog.product.StoredProduct.RETIRED;
import static com.example.shop.catalog.product.StoredProduct.SKUS;
import static com.example.shop.catalog.product.StoredProduct.VARIANTS;
import static com.example.shop.catalog.product.StoredProduct.PCT_SAVINGS;
import static com.example.shop.catalog.product.StoredProduct.PRICING;
import static com.example.shop.catalog.product.StoredProduct.RETAIL;
import static com.example.shop.catalog.product.StoredProduct.SAVINGS;
import static com.example.shop.catalog.product.StoredProduct.SHIPPING;
import static com.example.shop.catalog.product.StoredProduct.SKU;
import static com.example.shop.catalog.product.StoredProduct.TITLE;
import static com.example.shop.catalog.product.StoredProduct.TYPE;
import static com.example.shop.catalog.product.StoredProduct.VERSION;
import static com.example.shop.catalog.product.StoredProduct.WEIGHT;
import static com.example.shop.catalog.product.StoredProduct.WIDTH;
import static com.example.shop.web.database.StoredFields.number;
import static com.example.shop.web.database.StoredFields.optionalNumber;
import static com.example.shop.web.database.StoredFields.strings;

import com.example.shop.web.database.StoredCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;

/**
 * A product of the {@code products} collection as its document: sku, the fields a body sets
 * ({@link #fields}), version. {@code _id} and unknown fields are not part of the product.
 *
 * <p>A product without options is stored as before variants existed, plus {@code skus: [sku]}: its one
 * variant is implied. A product with options stores {@code options} and {@code variants}; a variant
 * stores {@code pricing} and {@code details} only when it overrides the product's, and {@code retired}
 * only when true. A document without {@code skus} (written before variants) reads the same.
 */
final class StoredProductCodec extends StoredCodec<StoredProduct> {

    StoredProductCodec() {
        super(StoredProduct.class);
    }

    @Override
    protected StoredProduct fromDocument(Document stored) {
        Document shipping = stored.get(SHIPPING, Document.class);
        Document details = stored.get(DETAILS, Document.class);
        return new StoredProduct(stored.getString(SKU), stored.getString(TYPE), stored.getString(TITLE),
                stored.getString(DESCRIPTION), shipping == null ? null : shipping(shipping),
                pricing(stored.get(PRICING, Document.class)),
                strings(stored, CATEGORY_IDS), details == null ? new LinkedHashMap<>() : details,
                strings(stored, KEYWORDS),
                stored.get(MAX_PER_CART) instanceof Number own ? own.intValue() : null,
                number(stored, VERSION), options(stored), variants(stored));
    }

    private static StoredProduct.Pricing pricing(Document pricing) {
        return pricing == null ? null : new StoredProduct.Pricing(pricing.getString(CURRENCY), number(pricing, LIST),
                number(pricing, RETAIL), number(pricing, SAVINGS), number(pricing, PCT_SAVINGS));
    }

    private static List<StoredProduct.Option> options(Document stored) {
        List<Document> options = stored.getList(OPTIONS, Document.class);
        if (options == null) {
            return null;
        }
        List<StoredProduct.Option> read = new ArrayList<>(options.size());
        for (Document option : options) {
            read.add(new StoredProduct.Option(option.getString(OPTION_NAME), strings(option, OPTION_VALUES)));
        }
        return read;
    }

    private static List<StoredProduct.Variant> variants(Document stored) {
        List<Document> variants = stored.getList(VARIANTS, Document.class);
        if (variants == null) {
            return null;
        }
        List<StoredProduct.Variant> read = new ArrayList<>(variants.size());
        for (Document variant : variants) {
            Document values = variant.get(OPTIONS, Document.class);
            Map<String, String> options = new LinkedHashMap<>();
            if (values != null) {
                values.forEach((name, value) -> options.put(name, String.valueOf(value)));
            }
            Document details = variant.get(DETAILS, Document.class);
            read.add(new StoredProduct.Variant(variant.getString(SKU), options, pricing(variant.get(PRICING, Document.class)),
                    details, Boolean.TRUE.equals(variant.getBoolean(RETIRED))));
        }
        return read;
    }

    @Override
    protected Document toDocument(StoredProduct product) {
        Document document = new Document(SKU, product.sku());
        document.putAll(fields(product));
        return document.append(VERSION, product.version());
    }

    /**
     * The stored fields a product body sets (all but sku and version), in their stored order: what a
     * replace {@code $set}s and what an import compares to tell an unchanged product.
     */
    static Document fields(StoredProduct product) {
        Document fields = new Document(TYPE, product.type()).append(TITLE, product.title());
        if (product.description() != null) {
            fields.append(DESCRIPTION, product.description());
        }
        StoredProduct.Shipping shipping = product.shipping();
        if (shipping != null) {
            Document stored = new Document();
            if (shipping.weight() != null) {
                stored.append(WEIGHT, shipping.weight());
            }
            if (shipping.dimensions() != null) {
                StoredProduct.Dimensions d = shipping.dimensions();
                stored.append(DIMENSIONS, new Document(WIDTH, d.width()).append(HEIGHT, d.height()).append(DEPTH, d.depth()));
            }
            fields.append(SHIPPING, stored);
        }
        fields.append(PRICING, pricing(product.pricing()));
        fields.append(CATEGORY_IDS, product.categoryIds());
        fields.append(DETAILS, product.details() instanceof Document stored ? stored : new Document(product.details()));
        fields.append(KEYWORDS, product.keywords());
        if (product.maxPerCart() != null) {
            fields.append(MAX_PER_CART, product.maxPerCart());
        }
        fields.append(SKUS, product.skus());
        if (product.hasOptions()) {
            List<Document> options = new ArrayList<>();
            for (StoredProduct.Option option : product.options()) {
                options.add(new Document(OPTION_NAME, option.name()).append(OPTION_VALUES, option.values()));
            }
            fields.append(OPTIONS, options);
            List<Document> variants = new ArrayList<>();
            for (StoredProduct.Variant variant : product.variants()) {
                variants.add(variant(variant));
            }
            fields.append(VARIANTS, variants);
        }
        return fields;
    }

    private static Document pricing(StoredProduct.Pricing pricing) {
        return new Document(CURRENCY, pricing.currency()).append(LIST, pricing.list())
                .append(RETAIL, pricing.retail()).append(SAVINGS, pricing.savings())
                .append(PCT_SAVINGS, pricing.pctSavings());
    }

    private static Document variant(StoredProduct.Variant variant) {
        Document stored = new Document(SKU, variant.sku()).append(OPTIONS, new Document(new LinkedHashMap<>(variant.options())));
        if (variant.pricing() != null) {
            stored.append(PRICING, pricing(variant.pricing()));
        }
        if (variant.details() != null && !variant.details().isEmpty()) {
            stored.append(DETAILS, variant.details() instanceof Document d ? d : new Document(variant.details()));
        }
        if (variant.retired()) {
            stored.append(RETIRED, true);
        }
        return stored;
    }

    /** Whether the two set the same fields (sku and version aside), as MongoDB would compare their documents. */
    static boolean sameFields(StoredProduct one, StoredProduct other) {
        return fields(one).equals(fields(other));
    }

    private static StoredProduct.Shipping shipping(Document shipping) {
        Document d = shipping.get(DIMENSIONS, Document.class);
        return new StoredProduct.Shipping(optionalNumber(shipping, WEIGHT),
                d == null ? null : new StoredProduct.Dimensions(number(d, WIDTH), number(d, HEIGHT), number(d, DEPTH)));
    }
}

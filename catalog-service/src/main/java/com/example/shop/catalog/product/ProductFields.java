package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.CatalogProblems;
import com.example.shop.catalog.producttype.DeclareProductType;
import com.example.shop.catalog.producttype.DetailsValidator;
import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.catalog.producttype.ProductTypes;
import com.example.shop.problems.Problems;
import com.example.shop.web.identifiers.Identifiers;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The stored product a body describes, shared by create, replace and import:
 * {@code details} checked against the product type's declaration, pricing with its computed
 * savings, category ids de-duplicated, keywords derived, options and variants checked against the type
 * and each other. Every refusal names the field: a 400 for a value that breaks a field's own rule, a
 * 422 ({@code invalid-variant}) for options and variants that do not make a product
 * (docs/design.md#variants).
 */
@Singleton
record ProductFields(ProductTypes types, PerCartLimit perCartLimit, CatalogConfig config) {

    /** The product a body describes, at {@code version}; {@code sku} is the one it is stored under. */
    StoredProduct of(String sku, ProductBody body, long version) {
        ProductType type = type(body.type());
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
        StoredProduct.Pricing pricing = pricing(body.pricing());
        List<StoredProduct.Option> options = options(type, body.options());
        return new StoredProduct(sku, type.name(), body.title(), body.description(), shipping, pricing,
                categoryIds(body.category_ids()), details,
                Keywords.derive(body.title(), details, keywords(body.keywords())), maxPerCart, version, options,
                variants(type, sku, pricing, options, body.variants()));
    }

    ProductType type(String name) {
        return types.find(name).orElseThrow(() -> Problems.invalidField("type",
                "Unknown product type '" + name + "'; known: " + types.list().stream()
                        .map(ProductType::name).collect(Collectors.joining(", "))));
    }

    /** The product's options: each declared by the type, once, with distinct values among the type's. */
    private static List<StoredProduct.Option> options(ProductType type, List<ProductBody.Option> options) {
        if (options == null || options.isEmpty()) {
            return List.of();
        }
        List<StoredProduct.Option> stored = new ArrayList<>(options.size());
        Set<String> names = new HashSet<>();
        for (int i = 0; i < options.size(); i++) {
            ProductBody.Option option = options.get(i);
            String field = "options[" + i + "]";
            if (option == null) {
                throw CatalogProblems.invalidVariant(field, "'" + field + "' must be an option {name, values}");
            }
            ProductType.Option declared = option.name() == null ? null : type.option(option.name()).orElse(null);
            if (declared == null) {
                throw CatalogProblems.invalidVariant(field + ".name", "'" + field + ".name': option '"
                        + (option.name() == null ? "" : Problems.excerpt(option.name())) + "' is not declared by type '"
                        + type.name() + "'; declared: " + type.options().stream().map(ProductType.Option::name)
                        .collect(Collectors.joining(", ")));
            }
            if (!names.add(option.name())) {
                throw CatalogProblems.invalidVariant(field + ".name", "'" + field + ".name': option '" + option.name()
                        + "' is given twice");
            }
            List<String> values = option.values();
            if (values == null || values.isEmpty() || values.size() > DeclareProductType.MAX_OPTION_VALUES) {
                throw CatalogProblems.invalidVariant(field + ".values", "'" + field + ".values' must list 1 to "
                        + DeclareProductType.MAX_OPTION_VALUES + " values");
            }
            Set<String> seen = new HashSet<>();
            for (int j = 0; j < values.size(); j++) {
                String value = values.get(j);
                String valueField = field + ".values[" + j + "]";
                if (value == null || value.isBlank() || value.length() > DeclareProductType.MAX_OPTION_VALUE) {
                    throw CatalogProblems.invalidVariant(valueField, "'" + valueField + "' must be a non-blank string of at "
                            + "most " + DeclareProductType.MAX_OPTION_VALUE + " characters");
                }
                if (declared.values() != null && !declared.values().contains(value)) {
                    throw CatalogProblems.invalidVariant(valueField, "'" + valueField + "': '" + Problems.excerpt(value)
                            + "' is not a value of option '" + option.name() + "' of type '" + type.name() + "'; allowed: "
                            + String.join(", ", declared.values()));
                }
                if (!seen.add(value)) {
                    throw CatalogProblems.invalidVariant(valueField, "'" + valueField + "': value '" + value
                            + "' is given twice");
                }
            }
            stored.add(new StoredProduct.Option(option.name(), List.copyOf(values)));
        }
        return stored;
    }

    /**
     * The product's variants. Without options: none given, or the one a GET shows (the key, no values,
     * the product's pricing). With options: each a valid sku, one allowed value per option, and together
     * as {@link #checkTogether} says.
     */
    private List<StoredProduct.Variant> variants(ProductType type, String key, StoredProduct.Pricing productPricing,
                                                 List<StoredProduct.Option> options, List<ProductBody.Variant> variants) {
        if (options.isEmpty()) {
            return onlyVariant(key, productPricing, variants);
        }
        if (variants == null || variants.isEmpty()) {
            throw CatalogProblems.invalidVariant("variants", "'variants': a product with options needs at least one variant");
        }
        checkCount(variants.size());
        List<StoredProduct.Variant> stored = new ArrayList<>(variants.size());
        for (int i = 0; i < variants.size(); i++) {
            stored.add(variant(type, "variants[" + i + "]", productPricing, options, variants.get(i)));
        }
        checkTogether(options, stored, i -> "variants[" + i + "]");
        return stored;
    }

    private void checkCount(int variants) {
        int max = config.products().maxVariants();
        if (variants > max) {
            throw CatalogProblems.invalidVariant("variants", "'variants': a product may have at most " + max
                    + " variants, not " + variants);
        }
    }

    /**
     * The rules a product's variants follow together: at most {@code catalog.products.max-variants}, skus
     * distinct, no two with the same option values (a retired one keeps its values taken), at least one
     * not retired. {@code field} names the i-th variant in a refusal ({@code variants[3]}, or {@code ""}
     * for the variant a request adds or changes).
     */
    void checkTogether(List<StoredProduct.Option> options, List<StoredProduct.Variant> variants,
                       java.util.function.IntFunction<String> field) {
        checkCount(variants.size());
        Map<String, Integer> skus = new HashMap<>();
        Map<List<String>, Integer> combinations = new HashMap<>();
        for (int i = 0; i < variants.size(); i++) {
            StoredProduct.Variant variant = variants.get(i);
            Integer sameSku = skus.putIfAbsent(variant.sku(), i);
            if (sameSku != null) {
                String at = at(field.apply(i), "sku");
                throw CatalogProblems.invalidVariant(at, "'" + at + "': '" + variant.sku()
                        + "' is the sku of variants[" + sameSku + "] as well");
            }
            List<String> values = options.stream().map(o -> variant.options().get(o.name())).toList();
            Integer same = combinations.putIfAbsent(values, i);
            if (same != null) {
                String at = at(field.apply(i), "options");
                throw CatalogProblems.invalidVariant(at, "'" + at + "' are those of variants[" + same + "] ("
                        + variant.options() + "); no two variants may have the same option values");
            }
        }
        if (variants.stream().allMatch(StoredProduct.Variant::retired)) {
            throw CatalogProblems.invalidVariant("variants", "'variants': at least one variant must not be retired");
        }
    }

    /** {@code name} under {@code field}: {@code variants[2].sku}, or {@code sku} for a variant's own body. */
    private static String at(String field, String name) {
        return field.isEmpty() ? name : field + "." + name;
    }

    /**
     * One variant of a product with options, checked against the product's options; {@code field} names
     * it ({@code variants[2]}, or {@code ""} for the body of {@code POST /products/{key}/variants}).
     */
    StoredProduct.Variant variant(ProductType type, String field, StoredProduct.Pricing productPricing,
                                  List<StoredProduct.Option> options, ProductBody.Variant variant) {
        if (variant == null) {
            throw CatalogProblems.invalidVariant(field.isEmpty() ? "variant" : field, "A variant is {sku, options, "
                    + "pricing?, details?}");
        }
        if (variant.sku() == null || !Identifiers.isSku(variant.sku())) {
            String at = at(field, "sku");
            throw CatalogProblems.invalidVariant(at, "'" + at + "' must be " + Identifiers.SKU_RULE);
        }
        Map<String, String> given = variant.options() == null ? Map.of() : variant.options();
        for (String name : given.keySet()) {
            if (options.stream().noneMatch(o -> o.name().equals(name))) {
                String at = at(field, "options." + name);
                throw CatalogProblems.invalidVariant(at, "'" + at + "': the product has no option '"
                        + Problems.excerpt(name) + "'; its options: "
                        + options.stream().map(StoredProduct.Option::name).collect(Collectors.joining(", ")));
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (StoredProduct.Option option : options) {
            String value = given.get(option.name());
            String at = at(field, "options." + option.name());
            if (value == null) {
                throw CatalogProblems.invalidVariant(at, "'" + at + "' is missing: a variant has one value "
                        + "per option of the product");
            }
            if (!option.values().contains(value)) {
                throw CatalogProblems.invalidVariant(at, "'" + at + "': '" + Problems.excerpt(value)
                        + "' is not among the product's values of '" + option.name() + "': "
                        + String.join(", ", option.values()));
            }
            values.put(option.name(), value);
        }
        StoredProduct.Pricing pricing = variant.pricing() == null ? null : pricing(at(field, "pricing"), variant.pricing());
        Map<String, Object> details = variant.details() == null || variant.details().isEmpty() ? null
                : DetailsValidator.overrides(type, variant.details(), at(field, "details"));
        return new StoredProduct.Variant(variant.sku(), values, productPricing.equals(pricing) ? null : pricing, details,
                Boolean.TRUE.equals(variant.retired()));
    }

    /** A product without options has one variant, its key: given as GET shows it, or not at all. */
    private static List<StoredProduct.Variant> onlyVariant(String key, StoredProduct.Pricing productPricing,
                                                           List<ProductBody.Variant> variants) {
        if (variants == null || variants.isEmpty()) {
            return null;
        }
        ProductBody.Variant only = variants.get(0);
        boolean asShown = variants.size() == 1 && only != null && key.equals(only.sku())
                && (only.options() == null || only.options().isEmpty())
                && (only.pricing() == null || productPricing.equals(pricing("variants[0].pricing", only.pricing())))
                && (only.details() == null || only.details().isEmpty()) && !Boolean.TRUE.equals(only.retired());
        if (!asShown) {
            throw CatalogProblems.invalidVariant("variants", "'variants': a product without options has exactly one "
                    + "variant, its own sku '" + key + "' without option values, pricing or details of its own; "
                    + "give the product options to sell variants");
        }
        return null;
    }

    static StoredProduct.Pricing pricing(ProductBody.Pricing pricing) {
        return pricing("pricing", pricing);
    }

    /** Pricing with its computed savings; {@code field} names it in a refusal ({@code variants[1].pricing}). */
    static StoredProduct.Pricing pricing(String field, ProductBody.Pricing pricing) {
        long list = pricing.list();
        long retail = pricing.retail();
        if (retail > list) {
            throw Problems.invalidField(field + ".retail", "'" + field + ".retail' (" + retail
                    + ") must not exceed '" + field + ".list' (" + list + ")");
        }
        long savings = list - retail;
        long pctSavings = list == 0 ? 0 : savings * 100 / list;
        if (pricing.savings() != null && pricing.savings() != savings) {
            throw Problems.invalidField(field + ".savings", "'" + field + ".savings' is computed as list - retail = "
                    + savings + "; leave it out or send that value");
        }
        if (pricing.pct_savings() != null && pricing.pct_savings() != pctSavings) {
            throw Problems.invalidField(field + ".pct_savings", "'" + field + ".pct_savings' is computed as "
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

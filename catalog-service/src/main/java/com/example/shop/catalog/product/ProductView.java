package com.example.shop.catalog.product;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A product as the API shows it, built from the stored product ({@link StoredProduct}) with the
 * per-cart limit in force ({@link PerCartLimit}). It is both the {@code Product} schema of the published
 * document and what every answer about products is written from, with the application's
 * {@code ObjectMapper}: GET, POST and PUT of one product, the list pages (the listing JSON the search
 * index keeps, written once per product write) and the export lines. A field of an answer is a field
 * of this record, so the document cannot describe a product other than the one answered.
 *
 * <p>Absent rather than null: {@code description} and {@code shipping} when the product has none,
 * {@code keywords_extra} outside the answers about one product, {@code version} in the export.
 * Dates of {@code details} are written {@code YYYY-MM-DD}.
 */
@Schema(name = "Product")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProductView(
        @Schema(required = true, example = "00e8da9b") String sku,
        @Schema(required = true, example = "Audio Album") String type,
        @Schema(required = true, example = "A Love Supreme") String title,
        @Schema(description = "Absent when the product has none") String description,
        @Schema(description = "Absent when the product has none") ProductBody.Shipping shipping,
        @Schema(required = true) PricingView pricing,
        @Schema(required = true) List<String> category_ids,
        @Schema(required = true, description = "Attributes declared by the product type; dates as YYYY-MM-DD",
                implementation = Map.class) Map<String, Object> details,
        @Schema(required = true, description = "Lower-case search keywords") List<String> keywords,
        @Schema(description = "The keywords typed by hand: those of keywords that are not words of the title or of the "
                + "text values of details, which the catalog adds itself. In the answers about one product (GET, POST and "
                + "PUT of /products/{sku}), not in listings or the export. A write ignores it: it takes the hand-typed "
                + "keywords from keywords.", readOnly = true, example = "[\"cape cod\"]")
        List<String> keywords_extra,
        @Schema(required = true, description = "Incremented by every change; send it as If-Match. Not in the export "
                + "(an import writes its own)", example = "1")
        Long version,
        @Schema(required = true, description = "Most units of this product one cart may hold: the product's own value, "
                + "else its type's, else the platform default. Adding more answers 409 line-limit.", example = "10")
        int max_per_cart,
        @Schema(required = true, description = "Where max_per_cart comes from: the product's own value, its type's, or the "
                + "platform default. A write that sends back an inherited value unchanged (a GET-then-PUT round trip) "
                + "keeps it inherited.", enumeration = {"product", "type", "platform"}, example = "type")
        String max_per_cart_source,
        @Schema(description = "What max_per_cart counts, as the product type says: each variant's units (variant) or the "
                + "units of all the product's variants together (product). Absent in answers written before variants.",
                enumeration = {"variant", "product"}, example = "variant")
        String max_per_cart_scope,
        @Schema(description = "The options the variants differ by, in the storefront's order; [] for a product without "
                + "options. Absent in answers written before variants.")
        List<OptionView> options,
        @Schema(description = "What is sold, each under its own sku; a product without options has one, its own sku. "
                + "Absent in answers written before variants.")
        List<VariantView> variants,
        @Schema(description = "The sku asked for, when it is a variant's other than the product's own (GET "
                + "/products/{variant sku})", example = "00e8da9b-m-black")
        String selected) {

    private static final long DAY = 86_400_000L;

    /**
     * The product as the answers about it show it (GET, POST and PUT of {@code /products/{sku}}): with
     * {@code keywords_extra} and each variant's {@code available} ({@code soldOut}: its skus sold out now);
     * {@code asked} is the sku asked for, {@code selected} when it is a variant's other than the key.
     */
    static ProductView of(StoredProduct product, PerCartLimit.InForce limit, Set<String> soldOut, String asked) {
        return of(product, limit, Keywords.typedBy(product.keywords(), product.title(), product.details()), soldOut,
                asked == null || asked.equals(product.sku()) ? null : asked);
    }

    /**
     * The product as a listing shows it: without {@code keywords_extra}, which only an editor needs, and
     * without the variants' {@code available}, which the index keeps for listings.
     */
    static ProductView listed(StoredProduct product, PerCartLimit.InForce limit) {
        return of(product, limit, null, null, null);
    }

    /**
     * The product as the export writes it, the form an import takes back: listed, without its version
     * and {@code max_per_cart_scope} (the type's). A product without options leaves out its options and
     * its one implied variant too, so that its line is the one written before variants: a whole store's
     * export stays within what one import takes.
     */
    static ProductView exported(StoredProduct product, PerCartLimit.InForce limit) {
        ProductView listed = listed(product, limit);
        boolean options = product.hasOptions();
        return new ProductView(listed.sku, listed.type, listed.title, listed.description, listed.shipping, listed.pricing,
                listed.category_ids, listed.details, listed.keywords, null, null, listed.max_per_cart,
                listed.max_per_cart_source, null, options ? listed.options : null, options ? listed.variants : null, null);
    }

    /** This view as JSON, written by the application's mapper (the one that writes every answer). */
    String toJson(ObjectMapper mapper) {
        try {
            return mapper.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("product " + sku + " could not be written as JSON", e); // plain values: does not happen
        }
    }

    private static ProductView of(StoredProduct product, PerCartLimit.InForce limit, List<String> keywordsExtra,
                                  Set<String> soldOut, String selected) {
        List<OptionView> options = product.options().stream().map(o -> new OptionView(o.name(), o.values())).toList();
        List<VariantView> variants = new ArrayList<>(product.variants().size());
        for (StoredProduct.Variant variant : product.variants()) {
            variants.add(new VariantView(variant.sku(), variant.options(), pricing(variant.pricingIn(product)),
                    variant.details() == null || variant.details().isEmpty() ? null : details(variant.details()),
                    soldOut == null ? null : !soldOut.contains(variant.sku()), variant.retired() ? Boolean.TRUE : null));
        }
        return new ProductView(product.sku(), product.type(), product.title(), product.description(),
                shipping(product.shipping()), pricing(product.pricing()),
                product.categoryIds(), details(product.details()), product.keywords(), keywordsExtra, product.version(),
                limit.value(), limit.source().wire(), limit.scope(), options, variants, selected);
    }

    private static PricingView pricing(StoredProduct.Pricing pricing) {
        return new PricingView(pricing.currency(), pricing.list(), pricing.retail(), pricing.savings(), pricing.pctSavings());
    }

    private static ProductBody.Shipping shipping(StoredProduct.Shipping shipping) {
        if (shipping == null) {
            return null;
        }
        StoredProduct.Dimensions d = shipping.dimensions();
        return new ProductBody.Shipping(shipping.weight(),
                d == null ? null : new ProductBody.Dimensions(d.width(), d.height(), d.depth()));
    }

    /** The attributes as stored, dates as {@code YYYY-MM-DD} (an instant, should one not be at UTC midnight). */
    private static Map<String, Object> details(Map<String, Object> stored) {
        boolean hasDate = false;
        for (Object value : stored.values()) {
            hasDate |= value instanceof Date;
        }
        if (!hasDate) {
            return stored;
        }
        Map<String, Object> shown = new LinkedHashMap<>(stored);
        shown.replaceAll((name, value) -> value instanceof Date date ? date(date.getTime()) : value);
        return shown;
    }

    private static String date(long millis) {
        Instant instant = Instant.ofEpochMilli(millis);
        return millis % DAY == 0 ? instant.atOffset(ZoneOffset.UTC).toLocalDate().toString() : instant.toString();
    }

    @Schema(name = "ProductOption")
    public record OptionView(@Schema(required = true, example = "size") String name,
                             @Schema(required = true, example = "[\"S\", \"M\", \"L\"]") List<String> values) {
    }

    /**
     * One variant as the answers show it: its effective pricing (its own, else the product's), only its
     * own details (those it overrides or adds), {@code available} in the answers about one product (a
     * listing's availability is the index's), {@code retired} only when true.
     */
    @Schema(name = "ProductVariant")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record VariantView(
            @Schema(required = true, example = "00e8da9b-m-black") String sku,
            @Schema(required = true, description = "One value per option of the product; {} without options",
                    implementation = Map.class) Map<String, String> options,
            @Schema(required = true, description = "The pricing this variant is sold at") PricingView pricing,
            @Schema(description = "The attributes this variant overrides or adds; absent when none", implementation = Map.class)
            Map<String, Object> details,
            @Schema(description = "Whether the cart service last reported it in stock (a sku it never reported sold out "
                    + "is available). In the answers about one product, not in listings or the export.")
            Boolean available,
            @Schema(description = "Present and true when retired: no longer sold, its sku stays taken") Boolean retired) {
    }

    @Schema(name = "Pricing")
    public record PricingView(
            @Schema(required = true, example = "USD") String currency,
            @Schema(required = true, description = "Minor units", example = "1200") long list,
            @Schema(required = true, description = "Minor units", example = "1100") long retail,
            @Schema(required = true, description = "list - retail, minor units", example = "100") long savings,
            @Schema(required = true, description = "floor(100 * savings / list); 0 when list is 0", example = "8")
            long pct_savings) {
    }

    @Schema(name = "ProductPage")
    public record Page(@Schema(required = true) List<ProductView> items,
                       @Schema(description = "Pass as 'cursor' for the next page; null on the last page",
                               nullable = true) String next,
                       @Schema(description = "Only with facets=...: the counts asked for. Each facet counts the products that "
                               + "pass every filter but its own.") Facets facets) {
    }

    @Schema(name = "ProductFacets")
    public record Facets(@Schema(description = "Product types, most products first") List<ValueCount> type,
                         @Schema(description = "Genres, most products first (at most 100)") List<ValueCount> genre,
                         @Schema(description = "Retail price buckets (catalog.search.price-buckets), in order") List<PriceCount> price,
                         @Schema(description = "The children of the selected category (the roots without one), each "
                                 + "counting the products anywhere in its subtree") List<CategoryCount> category,
                         @Schema(description = "in-stock and sold-out, in that order, as the cart service last reported each "
                                 + "product (eventually consistent: within 2 s of a sell-out or restock)") List<ValueCount> availability) {
    }

    @Schema(name = "FacetValueCount")
    public record ValueCount(@Schema(required = true) String value, @Schema(required = true) long count) {
    }

    @Schema(name = "FacetPriceCount")
    public record PriceCount(@Schema(required = true, description = "Minor units, included") long min,
                             @Schema(required = true, nullable = true, description = "Minor units, excluded; null: no bound") Long max,
                             @Schema(required = true) long count) {
    }

    @Schema(name = "FacetCategoryCount")
    public record CategoryCount(@Schema(required = true) String slug, @Schema(required = true) String name,
                                @Schema(required = true) long count) {
    }
}

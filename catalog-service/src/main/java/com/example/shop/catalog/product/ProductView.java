package com.example.shop.catalog.product;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The shape of a product as the API returns it: the stored document without {@code _id}, with
 * the per-cart limit in force ({@link PerCartLimit}) and, in the answers about one product, the
 * keywords typed by hand. Used for the API description only: responses are written straight from
 * the stored document ({@link ProductJson}), which has exactly these fields.
 */
@Schema(name = "Product")
public record ProductView(
        @Schema(required = true, example = "00e8da9b") String sku,
        @Schema(required = true, example = "Audio Album") String type,
        @Schema(required = true, example = "A Love Supreme") String title,
        String description,
        ProductBody.Shipping shipping,
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
        @Schema(required = true, description = "Most units of this product one cart may hold: the product's own value, "
                + "else its type's, else the platform default. Adding more answers 409 line-limit.", example = "10")
        int max_per_cart,
        @Schema(required = true, description = "Where max_per_cart comes from: the product's own value, its type's, or the "
                + "platform default. A write that sends back an inherited value unchanged (a GET-then-PUT round trip) "
                + "keeps it inherited.", enumeration = {"product", "type", "platform"}, example = "type")
        String max_per_cart_source,
        @Schema(required = true, description = "Incremented by every change; send it as If-Match", example = "1")
        long version) {

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

package com.example.shop.catalog.product;

import com.example.shop.web.identifiers.Identifiers;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A product as an administrator writes it (POST creates, PUT replaces). Field names are the stored
 * ones. {@code savings}, {@code pct_savings} and {@code version} are computed by the service: they may
 * be sent back as read (a GET → edit → PUT round trip) but must then agree with what is computed;
 * {@code keywords_extra} may be sent back too and is ignored (it describes {@code keywords}).
 */
@Schema(name = "ProductWrite")
public record ProductBody(
        @Schema(description = "Required on POST; on PUT optional and must equal the path's sku", example = "00e8da9b")
        @Pattern(regexp = Identifiers.SKU, message = "must be " + Identifiers.SKU_RULE)
        String sku,
        @Schema(example = "Audio Album") @NotBlank @Size(max = 100) String type,
        @Schema(example = "A Love Supreme") @NotBlank @Size(max = 500) String title,
        @Size(max = 10_000) String description,
        @Valid Shipping shipping,
        @NotNull @Valid Pricing pricing,
        @Schema(description = "Ids (24 hex digits) of categories owned by the category service")
        @Size(max = 100) List<String> category_ids,
        @Schema(description = "Attributes declared by the product type", implementation = Map.class)
        @NotNull ObjectNode details,
        @Schema(description = "Extra search keywords; words of the title and of the details' text values are added by the service")
        @Size(max = 100) List<String> keywords,
        @Schema(description = "As GET shows it, accepted so that a GET-then-PUT round trip works, and ignored: the "
                + "hand-typed keywords are those sent in keywords", readOnly = true)
        List<String> keywords_extra,
        @Schema(description = "Most units of this product one cart may hold (1..1000). Absent: the product type's "
                + "max_per_cart, else the platform default (10 unless configured). GET shows the value in force.", example = "4")
        @Min(1) @Max(1000) Integer max_per_cart,
        @Schema(description = "As GET shows it. With 'type' or 'platform', a max_per_cart equal to the inherited value "
                + "is not stored (the product keeps inheriting); any other value is the product's own",
                enumeration = {"product", "type", "platform"}, readOnly = true)
        @Pattern(regexp = "product|type|platform", message = "must be product, type or platform") String max_per_cart_source,
        @Schema(description = "Ignored when equal to the If-Match version (round trip); otherwise refused", readOnly = true)
        Long version,
        @Schema(description = "The options the product's variants differ by, in the order the storefront shows them: "
                + "names declared by the product type, values among the type's when it lists them. Absent or empty: "
                + "a product without options (docs/design.md#variants)")
        List<Option> options,
        @Schema(description = "What is sold, each under its own sku: one value per option, no two alike, at most "
                + "catalog.products.max-variants (100). A product without options has none here, or the one its "
                + "GET shows (the key's sku, no option values)")
        @Valid List<Variant> variants,
        @Schema(description = "As GET shows it (the type's); ignored", enumeration = {"variant", "product"}, readOnly = true)
        String max_per_cart_scope,
        @Schema(description = "As GET shows it; ignored", readOnly = true)
        String selected) {

    /** One option of the product; checked by {@code ProductFields} against the type (422 naming the field). */
    @Schema(name = "ProductOptionWrite")
    public record Option(
            @Schema(required = true, example = "size") String name,
            @Schema(required = true, example = "[\"S\", \"M\", \"L\"]") List<String> values) {
    }

    /**
     * One variant. {@code pricing} and {@code details} override the product's (a pricing equal to the
     * product's is not stored, so a GET-then-PUT round trip keeps following the product's); the sku and
     * option values are checked by {@code ProductFields} (422 naming the field), {@code available} is
     * the catalog's and ignored.
     */
    @Schema(name = "VariantWrite")
    public record Variant(
            @Schema(required = true, example = "00e8da9b-m-black") String sku,
            @Schema(required = true, description = "One value per option of the product", implementation = Map.class,
                    example = "{\"size\": \"M\", \"colour\": \"black\"}")
            Map<String, String> options,
            @Valid Pricing pricing,
            @Schema(description = "Attributes of the product type that this variant overrides or adds",
                    implementation = Map.class) ObjectNode details,
            @Schema(description = "As GET shows it; ignored", readOnly = true) Boolean available,
            @Schema(description = "Kept as the export writes it; a variant is retired with DELETE "
                    + "/products/{key}/variants/{sku}") Boolean retired) {
    }

    @Schema(name = "Shipping")
    @JsonInclude(JsonInclude.Include.NON_NULL) // as stored: a weight or dimensions not given are absent
    public record Shipping(
            @Schema(description = "Weight in grams") @PositiveOrZero @Max(1_000_000_000) Long weight,
            @Valid Dimensions dimensions) {
    }

    public record Dimensions(
            @Schema(description = "Millimetres") @NotNull @PositiveOrZero @Max(1_000_000_000) Long width,
            @Schema(description = "Millimetres") @NotNull @PositiveOrZero @Max(1_000_000_000) Long height,
            @Schema(description = "Millimetres") @NotNull @PositiveOrZero @Max(1_000_000_000) Long depth) {
    }

    /** Money in integer minor units of {@code currency} (cents for USD): exact, no floating point. */
    @Schema(name = "PricingWrite")
    public record Pricing(
            @Schema(example = "USD") @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 code such as USD")
            String currency,
            @Schema(description = "List price in minor units", example = "1200")
            @NotNull @PositiveOrZero @Max(1_000_000_000_000L) Long list,
            @Schema(description = "Selling price in minor units, at most list", example = "1100")
            @NotNull @PositiveOrZero @Max(1_000_000_000_000L) Long retail,
            @Schema(description = "Computed: list - retail", readOnly = true) Long savings,
            @Schema(description = "Computed: floor(100 * savings / list)", readOnly = true) Long pct_savings) {
    }
}

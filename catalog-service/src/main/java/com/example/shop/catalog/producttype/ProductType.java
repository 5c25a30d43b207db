package com.example.shop.catalog.producttype;

import com.example.shop.web.WireName;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A product type: the attributes its products carry in {@code details}. Types are data: a new one
 * is a {@code POST /product-types}, not a code change. What a type does not say (no description, no
 * {@code max_per_cart}: the platform default) is absent from its JSON, as the published schema has it
 * (a member there is never null).
 */
@Schema(name = "ProductType")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProductType(
        @NotBlank @Size(max = 100) @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9 _-]*",
                message = "must start with a letter or digit and contain only letters, digits, spaces, '_' and '-'")
        String name,
        @Size(max = 1000) String description,
        @NotNull @Size(max = 100) List<Attribute> attributes,
        @Schema(description = "Most units of one product of this type one cart may hold (1..1000), unless the product "
                + "says otherwise; absent: the platform default", example = "4")
        @Min(1) @Max(1000) Integer max_per_cart,
        @Schema(description = "The options its products may vary by (size, colour, format), each a variant's choice; "
                + "absent: none") @Size(max = 20) List<Option> options,
        @Schema(description = "What max_per_cart counts: each variant's units (variant, the default) or the units of "
                + "all a product's variants together (product)", enumeration = {"variant", "product"})
        String max_per_cart_scope) {

    /** The scope a type without one has: the limit counts each variant's units. */
    public static final String SCOPE_VARIANT = "variant";
    public static final String SCOPE_PRODUCT = "product";

    public ProductType {
        options = options == null ? List.of() : options;
    }

    public ProductType(String name, String description, List<Attribute> attributes) {
        this(name, description, attributes, null, null, null);
    }

    public ProductType(String name, String description, List<Attribute> attributes, Integer max_per_cart) {
        this(name, description, attributes, max_per_cart, null, null);
    }

    /**
     * One attribute of {@code details}. Checked by {@code DeclareProductType.checkDeclaration} (not by bean
     * validation, whose paths for list elements come out as {@code attributes.name[0]}).
     */
    @Schema(name = "ProductTypeAttribute")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Attribute(
            @Schema(required = true, pattern = "[a-z][a-z0-9_]{0,63}") String name,
            @Schema(required = true, enumeration = {"string", "string_list", "integer", "number", "boolean", "date"})
            String type,
            @Schema(description = "Whether every product of the type must have it (default false)")
            Boolean required) {

        public AttributeType valueType() {
            return WireName.stored(AttributeType.class, type);
        }

        public boolean isRequired() {
            return Boolean.TRUE.equals(required);
        }
    }

    /**
     * One option products of the type may vary by. {@code values}, when given, is the closed list a
     * product's values must come from (Audio Album's formats); absent, any value (Apparel's colours).
     * Checked by {@code DeclareProductType.checkDeclaration}, as attributes are.
     */
    @Schema(name = "ProductTypeOption")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Option(
            @Schema(required = true, pattern = "[a-z][a-z0-9_]{0,63}") String name,
            @Schema(description = "The values a product may use, distinct; absent: any") List<String> values) {
    }

    public Optional<Option> option(String optionName) {
        return options.stream().filter(o -> o.name().equals(optionName)).findFirst();
    }

    /** {@code max_per_cart_scope}, the default ({@code variant}) when the type does not say. */
    public String scope() {
        return max_per_cart_scope == null ? SCOPE_VARIANT : max_per_cart_scope;
    }

    public Optional<Attribute> attribute(String attributeName) {
        return attributes.stream().filter(a -> a.name().equals(attributeName)).findFirst();
    }
}

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
        @Min(1) @Max(1000) Integer max_per_cart) {

    public ProductType(String name, String description, List<Attribute> attributes) {
        this(name, description, attributes, null);
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

    public Optional<Attribute> attribute(String attributeName) {
        return attributes.stream().filter(a -> a.name().equals(attributeName)).findFirst();
    }
}

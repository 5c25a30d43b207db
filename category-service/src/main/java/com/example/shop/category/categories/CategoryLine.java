package com.example.shop.category.categories;

import com.example.shop.web.identifiers.Identifiers;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One line of {@code POST /admin/categories/import} and of {@code GET /admin/categories/export}:
 * the category's id (24 lower-case hex; optional on import, a new category without one gets a new
 * id), slug, name and its parent's slug (null or absent for a root). The slug, name and parent
 * rules are those of {@link CreateCategoryRequest}; the engine reads each line strictly into this
 * record and checks them, with the problem {@code POST /categories} gives.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"id", "slug", "name", "parent"})
@Schema(description = "A category as an import line or export line; parent is the parent's slug, null for a root")
public record CategoryLine(
        @Pattern(regexp = Identifiers.OBJECT_ID, message = "must be 24 lower-case hexadecimal digits") String id,
        @NotNull @Size(min = 1, max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = CategoryResource.SLUG_MESSAGE) String slug,
        @NotBlank @Size(max = CategoryResource.NAME_MAX) String name,
        @Size(min = 1, max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = CategoryResource.SLUG_MESSAGE) String parent) {
}

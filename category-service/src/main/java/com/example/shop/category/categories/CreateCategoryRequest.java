package com.example.shop.category.categories;

import com.example.shop.web.identifiers.Identifiers;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** {@code POST /categories}: {@code parent} is the parent's slug, absent or null for a root. */
public record CreateCategoryRequest(
        @NotBlank @Size(max = CategoryResource.NAME_MAX) String name,
        @NotNull @Size(min = 1, max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = CategoryResource.SLUG_MESSAGE) String slug,
        @Size(min = 1, max = Identifiers.SLUG_MAX) @Pattern(regexp = Identifiers.SLUG, message = CategoryResource.SLUG_MESSAGE) String parent) {
}

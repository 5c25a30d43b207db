package com.example.shop.category.rest;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** {@code POST /categories}: {@code parent} is the parent's slug, absent or null for a root. */
public record CreateCategoryRequest(
        @NotBlank @Size(max = Slugs.MAX_NAME) String name,
        @NotNull @Size(min = 1, max = Slugs.MAX) @Pattern(regexp = Slugs.PATTERN, message = Slugs.MESSAGE) String slug,
        @Size(min = 1, max = Slugs.MAX) @Pattern(regexp = Slugs.PATTERN, message = Slugs.MESSAGE) String parent) {
}

package com.example.shop.category.categories;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One page of a list of categories; {@code next} is the cursor of the next page, null on the last one. */
public record CategoryPage(
        @Schema(required = true) List<CategoryView> items,
        @Schema(required = true, nullable = true, description = "The cursor of the next page (pass it as 'cursor'); "
                + "null on the last page") String next) {
}

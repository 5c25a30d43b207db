package com.example.shop.category.categories;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Documentation only: the shape of {@code GET /categories} in the OpenAPI document. The answer is a
 * {@code CategoryPage} or, with {@code tree=true}, a {@code CategoryTree}; both are plain objects,
 * which a generated client cannot tell apart in a oneOf without a discriminator. So the document
 * shows one object with the members of both, each saying when it is there.
 */
@Schema(name = "CategoryListing", description = "Without tree: a page of root categories (items, next); "
        + "with tree=true: the whole tree (roots, count)")
record CategoryListingSchema(
        @Schema(description = "Without tree: the root categories of this page, by slug") List<CategoryView> items,
        @Schema(description = "Without tree: the cursor of the next page, null on the last", nullable = true) String next,
        @Schema(description = "With tree=true: the root categories, each with its children, nested") List<TreeNode> roots,
        @Schema(description = "With tree=true: the number of categories in the tree") Integer count) {
}

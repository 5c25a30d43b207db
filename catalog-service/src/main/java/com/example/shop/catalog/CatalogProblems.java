package com.example.shop.catalog;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;

/**
 * The catalog's own kinds of problem, built in this one place (the kinds every service shares,
 * such as invalid-field or service-unavailable, come from support/problems' {@code Problems}).
 * Each returns the exception to throw.
 */
public final class CatalogProblems {

    private CatalogProblems() {
    }

    /** No product with this sku: 404 {@code not-found} with the sku. */
    public static ProblemException unknownProduct(String sku) {
        return Problems.notFound("No product with sku '" + sku + "'").with("sku", sku);
    }

    /** A product with this sku exists: 409 {@code duplicate-sku}. */
    public static ProblemException duplicateSku(String sku) {
        return Problems.conflict("duplicate-sku", "Duplicate SKU",
                "A product with sku '" + sku + "' already exists").with("sku", sku);
    }

    /** A product type with this name exists: 409 {@code duplicate-product-type}. */
    public static ProblemException duplicateProductType(String name) {
        return Problems.conflict("duplicate-product-type", "Duplicate product type",
                "A product type named '" + name + "' already exists").with("name", name);
    }

    /** The category service knows no category with this slug: 404 {@code unknown-category}. */
    public static ProblemException unknownCategory(String slug) {
        return new ProblemException(Problem.of(404, "unknown-category", "Unknown category",
                "No category with slug '" + slug + "'").with("category", slug));
    }
}

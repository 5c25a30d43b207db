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

    /**
     * A sku of the body (the key or a variant's) that another product already has: 409
     * {@code duplicate-sku} naming the body's field ({@code sku}, {@code variants[2].sku}) and the owner.
     */
    public static ProblemException skuTaken(String field, String sku, String owner) {
        return Problems.conflict("duplicate-sku", "Duplicate SKU", "'" + field + "': sku '" + sku
                + "' is already used by product '" + owner + "'").with("sku", sku).with("field", field)
                .with("product", owner);
    }

    /**
     * Options or variants that break the product's rules (a value its type does not allow, two variants
     * alike, too many variants): 422 {@code invalid-variant} naming the field ({@code variants[3].options}).
     * The body is well-formed; what it asks for is not a product the catalog can hold.
     */
    public static ProblemException invalidVariant(String field, String detail) {
        return new ProblemException(Problem.of(422, "invalid-variant", "Invalid variant", detail).with("field", field));
    }

    /** A variant change the product's state refuses (retiring its last unretired variant): 409 {@code variant-conflict}. */
    public static ProblemException variantConflict(String sku, String detail) {
        return Problems.conflict("variant-conflict", "Variant conflict", detail).with("sku", sku);
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

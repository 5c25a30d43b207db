package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.problems.Problems;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Adds, changes and retires one variant of a product, each guarded by If-Match as a PUT of the whole
 * product is: the product is read, its variants changed and checked by the rules of a product body
 * ({@link ProductFields}), and the result written by {@link ReplaceProduct#write}, the one write path
 * of a product's change, so the change feed and the listings follow. A retired variant stays in the
 * document and keeps its sku taken (docs/design.md#variants).
 */
@Singleton
public record ProductVariants(ProductStore store, ProductFields fields, ReplaceProduct replace) {

    /** Adds a variant whose values are among the product's options (422 otherwise). */
    public ProductView add(String key, long expectedVersion, ProductBody.Variant body) {
        StoredProduct product = current(key, expectedVersion);
        if (!product.hasOptions()) {
            throw CatalogProblems.invalidVariant("options", "Product '" + key + "' has no options, so no variants to "
                    + "add; give it options with PUT /products/" + key);
        }
        ProductType type = fields.type(product.type());
        List<StoredProduct.Variant> variants = new ArrayList<>(product.variants());
        variants.add(fields.variant(type, "", product.pricing(), product.options(), withoutRetired(body)));
        int added = variants.size() - 1;
        IntFunction<String> field = i -> i == added ? "" : "variants[" + i + "]";
        fields.checkTogether(product.options(), variants, field);
        return write(product, expectedVersion, variants, field);
    }

    /** Replaces the option values, pricing and details of the variant {@code sku}; it stays retired if it was. */
    public ProductView change(String key, String sku, long expectedVersion, ProductBody.Variant body) {
        if (body.sku() != null && !body.sku().equals(sku)) {
            throw Problems.invalidField("sku", "'sku' in the body ('" + Problems.excerpt(body.sku())
                    + "') differs from the path ('" + sku + "'); a variant's sku cannot be changed");
        }
        StoredProduct product = current(key, expectedVersion);
        int index = indexOf(product, sku);
        if (!product.hasOptions()) {
            throw CatalogProblems.invalidVariant("options", "Product '" + key + "' has no options: its one variant is "
                    + "the product itself; change it with PUT /products/" + key);
        }
        ProductType type = fields.type(product.type());
        ProductBody.Variant asked = new ProductBody.Variant(sku, body.options(), body.pricing(), body.details(), null,
                product.variants().get(index).retired());
        List<StoredProduct.Variant> variants = new ArrayList<>(product.variants());
        variants.set(index, fields.variant(type, "", product.pricing(), product.options(), asked));
        IntFunction<String> field = i -> i == index ? "" : "variants[" + i + "]";
        fields.checkTogether(product.options(), variants, field);
        return write(product, expectedVersion, variants, field);
    }

    /**
     * Retires the variant {@code sku}: no longer sold, kept in the document. Its product's last unretired
     * variant, and the one variant of a product without options, cannot be retired (409). Retiring a
     * retired variant changes nothing.
     */
    public ProductView retire(String key, String sku, long expectedVersion) {
        StoredProduct product = current(key, expectedVersion);
        int index = indexOf(product, sku);
        StoredProduct.Variant variant = product.variants().get(index);
        if (!product.hasOptions()) {
            throw CatalogProblems.variantConflict(sku, "Product '" + key + "' has no options: its one variant is the "
                    + "product itself; delete the product instead");
        }
        if (variant.retired()) {
            return replace.answers().of(product, null);
        }
        if (product.variants().stream().filter(v -> !v.retired()).count() == 1) {
            throw CatalogProblems.variantConflict(sku, "Variant '" + sku + "' is the last one of product '" + key
                    + "' that is not retired; delete the product instead");
        }
        List<StoredProduct.Variant> variants = new ArrayList<>(product.variants());
        variants.set(index, new StoredProduct.Variant(variant.sku(), variant.options(), variant.pricing(), variant.details(),
                true));
        return write(product, expectedVersion, variants, i -> "variants[" + i + "]");
    }

    /** The product {@code key} if it is at {@code expectedVersion}: 404 when unknown, 412 with its version when not. */
    private StoredProduct current(String key, long expectedVersion) {
        StoredProduct product = store.bySku(key).orElseThrow(() -> CatalogProblems.unknownProduct(key));
        if (product.version() != expectedVersion) {
            throw Problems.preconditionFailed("Product '" + key + "'", expectedVersion, product.version());
        }
        return product;
    }

    private static int indexOf(StoredProduct product, String sku) {
        for (int i = 0; i < product.variants().size(); i++) {
            if (product.variants().get(i).sku().equals(sku)) {
                return i;
            }
        }
        throw Problems.notFound("Product '" + product.sku() + "' has no variant '" + Problems.excerpt(sku) + "'")
                .with("sku", sku);
    }

    /** A variant is added as sold: one is retired with DELETE, not added retired. */
    private static ProductBody.Variant withoutRetired(ProductBody.Variant body) {
        return new ProductBody.Variant(body.sku(), body.options(), body.pricing(), body.details(), null, null);
    }

    private ProductView write(StoredProduct product, long expectedVersion, List<StoredProduct.Variant> variants,
                              IntFunction<String> field) {
        StoredProduct changed = new StoredProduct(product.sku(), product.type(), product.title(), product.description(),
                product.shipping(), product.pricing(), product.categoryIds(), product.details(), product.keywords(),
                product.maxPerCart(), expectedVersion + 1, product.options(), variants);
        return replace.write(product.sku(), expectedVersion, changed, field);
    }
}

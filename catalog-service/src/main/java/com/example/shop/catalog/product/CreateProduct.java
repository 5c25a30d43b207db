package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import com.example.shop.problems.Problems;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import jakarta.enterprise.context.ApplicationScoped;
import org.bson.Document;

/**
 * Creates a product at version 1 with one {@code insertOne}. The unique index on {@code sku}
 * refuses a duplicate (11000 → 409 duplicate-sku), so the insert waits until that index exists:
 * without it the answer is a 503, never a write that could duplicate a sku.
 */
@ApplicationScoped
public class CreateProduct {

    private final ProductStore store;
    private final ProductFields fields;
    private final PerCartLimit perCartLimit;
    private final SchemaSetup schema;

    CreateProduct(ProductStore store, ProductFields fields, PerCartLimit perCartLimit, SchemaSetup schema) {
        this.store = store;
        this.fields = fields;
        this.perCartLimit = perCartLimit;
        this.schema = schema;
    }

    public ProductJson create(ProductBody body) {
        Document product = newProduct(body);
        schema.requireReady(); // no insert without the unique sku index: it is what refuses a duplicate
        try {
            store.products().insertOne(product);
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY) {
                throw CatalogProblems.duplicateSku(body.sku());
            }
            throw e;
        }
        product.remove("_id");
        return ProductJson.of(perCartLimit.shownOn(product));
    }

    /**
     * The stored document of a product written for the first time, at version 1: every rule of a
     * create, the same for one POST and for each line of an import. Throws the problem a client gets.
     */
    Document newProduct(ProductBody body) {
        if (body.sku() == null || body.sku().isEmpty()) {
            throw Problems.invalidField("sku", "'sku' must not be blank");
        }
        if (body.version() != null && body.version() != 1L) {
            throw Problems.invalidField("version", "'version' is assigned by the service; a new product has version 1");
        }
        Document product = new Document("sku", body.sku());
        product.putAll(fields.of(body));
        return product.append("version", 1L);
    }
}

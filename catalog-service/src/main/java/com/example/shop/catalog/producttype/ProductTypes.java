package com.example.shop.catalog.producttype;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.Document;

/** The declared product types, as the API lists them and as products are checked against them. */
@ApplicationScoped
public class ProductTypes {

    private final ProductTypeStore store;

    ProductTypes(ProductTypeStore store) {
        this.store = store;
    }

    /** Every type, by name (at most 1000). */
    public List<ProductType> list() {
        List<ProductType> types = new ArrayList<>();
        for (Document doc : store.types().find().sort(Sorts.ascending("_id")).limit(1000)) {
            types.add(ProductTypeStore.fromDocument(doc));
        }
        return types;
    }

    public Optional<ProductType> find(String name) {
        Document doc = store.types().find(Filters.eq("_id", name)).first();
        return Optional.ofNullable(doc).map(ProductTypeStore::fromDocument);
    }
}

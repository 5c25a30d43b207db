package com.example.shop.catalog.producttype;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.Document;

/**
 * The declared product types, as the API lists them and as products are checked against them.
 * A type is declared once and never changed or removed, so a type found is kept: checking a
 * product costs no round trip for its type after the first (an import of 300,000 products made
 * one {@code findOne} per product before). A name not found is looked up again next time, so a
 * type declared on another replica is seen at once.
 */
@ApplicationScoped
public class ProductTypes {

    private final ProductTypeStore store;
    private final Map<String, ProductType> found = new ConcurrentHashMap<>();

    ProductTypes(ProductTypeStore store) {
        this.store = store;
    }

    /** Every type, by name (at most 1000). */
    public List<ProductType> list() {
        List<ProductType> types = new ArrayList<>();
        for (Document doc : store.types().find().sort(Sorts.ascending(ProductTypeStore.ID)).limit(1000)) {
            types.add(ProductTypeStore.fromDocument(doc));
        }
        return types;
    }

    public Optional<ProductType> find(String name) {
        ProductType known = found.get(name);
        if (known != null) {
            return Optional.of(known);
        }
        Document doc = store.types().find(Filters.eq(ProductTypeStore.ID, name)).first();
        Optional<ProductType> type = Optional.ofNullable(doc).map(ProductTypeStore::fromDocument);
        type.ifPresent(declared -> found.put(name, declared));
        return type;
    }
}

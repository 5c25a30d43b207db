package com.example.shop.catalog.producttype;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The declared product types, as the API lists them and as products are checked against them.
 * A type is declared once and never changed or removed, so a type found is kept: checking a
 * product costs no round trip for its type after the first (an import made one {@code findOne} per
 * product before). A name not found is looked up again next time, so a
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
        return store.all(1000);
    }

    public Optional<ProductType> find(String name) {
        ProductType known = found.get(name);
        if (known != null) {
            return Optional.of(known);
        }
        Optional<ProductType> type = store.find(name);
        type.ifPresent(declared -> found.put(name, declared));
        return type;
    }

    /** Drops the kept copy of a type that was changed in place (the built-in types' options, once). */
    void forget(String name) {
        found.remove(name);
    }
}

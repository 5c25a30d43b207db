package com.example.shop.catalog.producttype;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.web.database.AfterIndexes;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * The built-in product types, from the book's examples, inserted at start-up when missing
 * ({@code catalog.seed-product-types}) and never overwritten: an upsert with {@code $setOnInsert}
 * per type, so several replicas starting at once insert each type once. Then every type is handed
 * to the {@link ProductTypeListener} (the products' validator). web-support's SchemaSetup puts this in
 * place once the catalog's indexes exist ({@link AfterIndexes}), retried until it succeeds.
 */
@Singleton
public record BuiltInProductTypes(ProductTypeStore store, ProductTypes types, ProductTypeListener listener,
        CatalogConfig config) implements AfterIndexes {

    /**
     * Audio Album's formats. Its {@code details.format} attribute stays, so that albums written before
     * variants stay valid; new albums sell each format as a variant.
     */
    private static final ProductType.Option AUDIO_FORMAT = new ProductType.Option("format", List.of("CD", "Vinyl", "Digital"));

    public static final List<ProductType> BUILT_IN = List.of(
            new ProductType("Audio Album", "A music album (book ch. 5)", List.of(
                    attr("title", AttributeType.STRING, false),
                    attr("artist", AttributeType.STRING, true),
                    attr("genre", AttributeType.STRING_LIST, true),
                    attr("tracks", AttributeType.STRING_LIST, false),
                    attr("issue_date", AttributeType.DATE, true),
                    attr("label", AttributeType.STRING, false),
                    attr("format", AttributeType.STRING, false)),
                    null, List.of(AUDIO_FORMAT), null),
            new ProductType("Film", "A film (book ch. 5)", List.of(
                    attr("title", AttributeType.STRING, false),
                    attr("director", AttributeType.STRING_LIST, true),
                    attr("writer", AttributeType.STRING_LIST, false),
                    attr("actor", AttributeType.STRING_LIST, false),
                    attr("genre", AttributeType.STRING_LIST, true),
                    attr("aspect_ratio", AttributeType.STRING, false),
                    attr("rating", AttributeType.STRING, false),
                    attr("issue_date", AttributeType.DATE, true))),
            new ProductType("Apparel", "Clothing sold in sizes and colours", List.of(
                    attr("brand", AttributeType.STRING, true),
                    attr("material", AttributeType.STRING, false),
                    attr("care", AttributeType.STRING, false)),
                    null, List.of(new ProductType.Option("size", List.of("XS", "S", "M", "L", "XL", "XXL")),
                            new ProductType.Option("colour", null)), null));

    @Override
    public void putInPlace() {
        if (config.seedProductTypes()) {
            insertMissing();
        }
        listener.typesChanged(types.list());
    }

    /** Inserts the built-in types that are missing; leaves existing ones as they are. Idempotent. */
    public void insertMissing() {
        for (ProductType type : BUILT_IN) {
            store.insertIfMissing(type);
        }
    }

    /**
     * Gives the stored built-in types the options they gained with variants (Audio Album's
     * {@code format}): a type is inserted only when missing, so one stored before variants has none.
     * Only a type without options is changed, so this happens once and never undoes a later choice.
     * The names of the types it changed.
     */
    public List<String> addOptionsOfBuiltIns() {
        List<String> changed = new java.util.ArrayList<>();
        if (!config.seedProductTypes()) {
            return changed;
        }
        for (ProductType type : BUILT_IN) {
            if (!type.options().isEmpty() && store.addOptionsIfNone(type.name(), type.options())) {
                types.forget(type.name());
                changed.add(type.name());
            }
        }
        if (!changed.isEmpty()) {
            listener.typesChanged(types.list());
        }
        return changed;
    }

    private static ProductType.Attribute attr(String name, AttributeType type, boolean required) {
        return new ProductType.Attribute(name, type.wire(), required);
    }
}

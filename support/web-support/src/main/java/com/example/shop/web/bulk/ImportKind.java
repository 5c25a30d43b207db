package com.example.shop.web.bulk;

import java.util.function.Function;

/**
 * What one kind of import reads, declared once by its {@link LineImporter}: the name its runs show
 * ({@code products}, {@code categories}, {@code stock}), the type each line is read into (with the
 * service's strict JSON mapper, then bean-validated), and what identifies a line's item (sku, slug;
 * null if none), which may appear once per file, with the field that holds it, named by a duplicate
 * line's problem.
 */
public record ImportKind<T>(String name, Class<T> lineType, Function<T, String> key, String keyField) {
}

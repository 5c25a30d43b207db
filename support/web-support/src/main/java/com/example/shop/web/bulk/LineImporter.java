package com.example.shop.web.bulk;

import java.util.List;

/**
 * What a service plugs into {@link BulkImports} for one kind of import. The engine reads each line
 * into {@link #lineType()} with the service's strict JSON mapper and bean-validates it, so a line is
 * refused with the same problem a single request would get; the lines that pass reach
 * {@link #importBatch} in batches, and the importer records exactly one outcome per line.
 */
public interface LineImporter<T> {

    /** The kind of import, as runs show it ({@code products}, {@code categories}, {@code stock}). */
    String kind();

    Class<T> lineType();

    /** What identifies a line's item (sku, slug): the same key twice in one file is refused. Null if none. */
    String keyOf(T line);

    /** The field that holds the key, named by a duplicate line's problem. */
    default String keyField() {
        return "sku";
    }

    /** How many lines {@link #importBatch} receives at once; {@link Integer#MAX_VALUE} hands over the whole file. */
    default int batchSize() {
        return 1000;
    }

    void importBatch(List<ImportLine<T>> batch, ImportOutcomes outcomes);
}

package com.example.shop.web.bulk;

import java.util.List;

/**
 * What a service plugs into {@link BulkImports} for one kind of import. The engine reads each line
 * into the {@link #kind() kind}'s line type with the service's strict JSON mapper and bean-validates it, so a line is
 * refused with the same problem a single request would get; the lines that pass reach
 * {@link #importBatch} in batches, and the importer records exactly one outcome per line.
 */
public interface LineImporter<T> {

    /** What this importer reads: the kind's name, its line type and its key. */
    ImportKind<T> kind();

    /** How many lines {@link #importBatch} receives at once; {@link Integer#MAX_VALUE} hands over the whole file. */
    default int batchSize() {
        return 1000;
    }

    void importBatch(List<ImportLine<T>> batch, ImportOutcomes outcomes);

    /** Called once every batch of a run has been imported, before the run is marked succeeded. */
    default void finished() {
    }
}

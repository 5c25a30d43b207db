package com.example.shop.category.categories;

/** Points between the steps of a multi-document change, where a test can interrupt it. */
public enum MoveStep {
    /** A move has set the node's parent pointer; no descendant's ancestors are rewritten yet. */
    PARENT_UPDATED,
    /** A rename/slug change has updated the node; its descendants' ancestor entries are not yet updated. */
    LABEL_UPDATED,
    /** An import has written one batch of its documents, holding the lease; the next batches are not written yet. */
    IMPORT_BATCH_WRITTEN
}

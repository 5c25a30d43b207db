package com.example.shop.category.categories;

import com.example.shop.web.seams.Seam;

/** Points between the writes of a change of the tree, where a test can step in (docs/design.md#test-seams). */
public enum MoveStep implements Seam {
    /** A move has set the node's parent pointer; no descendant's ancestors are rewritten yet. */
    PARENT_UPDATED,
    /** A rename/slug change has updated the node; its descendants' ancestor entries are not yet updated. */
    LABEL_UPDATED,
    /** An import has written one batch of its documents, holding the lease; the next batches are not written yet. */
    IMPORT_BATCH_WRITTEN
}

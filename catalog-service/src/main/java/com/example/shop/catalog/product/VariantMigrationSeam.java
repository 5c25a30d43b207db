package com.example.shop.catalog.product;

import com.example.shop.web.seams.Seam;

/** The point of the variants migration where a test can step in (docs/design.md, "Test seams"). */
public enum VariantMigrationSeam implements Seam {
    /**
     * A batch of products has claimed its skus and its progress is recorded, where a replica that
     * dies at start-up leaves the migration half done; the context is how many products it has done.
     */
    AFTER_BATCH
}

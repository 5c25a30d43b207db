package com.example.shop.catalog.search.lifecycle;

import com.example.shop.web.seams.Seam;

/** The point of a rebuild beside the index where a test can step in (docs/design.md, "Test seams"). */
public enum RebuildSeam implements Seam {
    /**
     * The scan has put one more product into the new index, outside every lock (reads and writes go on
     * meanwhile); the context is the number of products scanned so far. A test holds the rebuild there
     * while it writes, and checks that the writes reach the new index.
     */
    SCANNED
}

package com.example.shop.catalog.search.feed;

import com.example.shop.web.seams.Seam;

/** The point of a product write where a test can step in (docs/design.md, "Test seams"). */
public enum WriteThroughSeam implements Seam {
    /**
     * The write has written MongoDB and is about to change this replica's index, where two writes of
     * one sku can overtake each other; the context is the write's skus. A test holds a write there
     * while another one of the same sku runs to its end, or while the database goes away.
     */
    BEFORE_INDEX
}

package com.example.shop.web.bulk;

import com.example.shop.web.seams.Seam;

/** The point of an import where a test can step in (docs/design.md, "Test seams"). */
public enum ImportSeam implements Seam {
    /**
     * A batch has been written, where a process that dies leaves the run half done; the context is
     * the {@link Batch}. A test throws an {@link Error} there, which the run lets through without
     * recording an end, as a killed process would.
     */
    AFTER_BATCH;

    /** Which batch: the import's name ({@code products}, ...) and the number of its last line. */
    public record Batch(String kind, long lastLine) {
    }
}

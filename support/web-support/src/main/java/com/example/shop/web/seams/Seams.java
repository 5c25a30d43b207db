package com.example.shop.web.seams;

/**
 * Called at the named points of a multi-step operation: between two writes where a process that
 * dies leaves work for the jobs, or where a concurrent writer can race. The production bean
 * ({@link NoSeams}) does nothing; a test replaces it with a bean of its own that throws at a point
 * (the process "dies" there), or holds the caller there while it races it. Production code has no
 * way to arm it. See docs/design.md, "Test seams".
 */
public interface Seams {

    /** {@code context} says where exactly (the skus, a count, the batch): null when the point says it all. */
    void reached(Seam seam, Object context);

    default void reached(Seam seam) {
        reached(seam, null);
    }
}

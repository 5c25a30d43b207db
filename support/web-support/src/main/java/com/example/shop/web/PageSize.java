package com.example.shop.web;

import com.example.shop.problems.Problems;

/**
 * The size of a page a list takes from its {@code limit} query parameter: the list's default without
 * one, and a 400 naming {@code limit} outside 1..max, worded the same by every list that checks it
 * itself (a list that declares the bounds as bean constraints on the parameter gets the constraint's
 * problem instead).
 */
public final class PageSize {

    private PageSize() {
    }

    /** {@code limit}, or {@code defaultSize} when it was not given; a 400 when it is outside 1..{@code max}. */
    public static int of(Integer limit, int defaultSize, int max) {
        int size = limit == null ? defaultSize : limit;
        if (size < 1 || size > max) {
            throw Problems.invalidField("limit", "Query parameter 'limit' must be between 1 and " + max + ", not " + limit);
        }
        return size;
    }
}

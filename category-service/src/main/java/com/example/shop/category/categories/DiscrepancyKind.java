package com.example.shop.category.categories;

import com.example.shop.web.WireName;
import com.fasterxml.jackson.annotation.JsonValue;

/** How a category's stored ancestors disagree with its chain of parent pointers (verify's {@code kind}). */
public enum DiscrepancyKind implements WireName.Dashed {
    /** The chain is whole and differs from the stored ancestors: repair rewrites them. */
    ANCESTORS_MISMATCH,
    /** A parent pointer names a category that does not exist: nothing to derive, left to an admin. */
    MISSING_PARENT,
    /** The parent pointers loop (never created by this service): left to an admin. */
    CYCLE;

    /** The kind as the API writes it: the name in lower case with dashes ({@code missing-parent}). */
    @JsonValue
    @Override
    public String wire() {
        return WireName.Dashed.super.wire();
    }
}

package com.example.shop.category.categories;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a category's stored ancestors disagree with its chain of parent pointers (verify's {@code kind}). */
public enum DiscrepancyKind {
    /** The chain is whole and differs from the stored ancestors: repair rewrites them. */
    ANCESTORS_MISMATCH("ancestors-mismatch"),
    /** A parent pointer names a category that does not exist: nothing to derive, left to an admin. */
    MISSING_PARENT("missing-parent"),
    /** The parent pointers loop (never created by this service): left to an admin. */
    CYCLE("cycle");

    private final String value;

    DiscrepancyKind(String value) {
        this.value = value;
    }

    /** The kind as the API writes it. */
    @JsonValue
    public String value() {
        return value;
    }
}

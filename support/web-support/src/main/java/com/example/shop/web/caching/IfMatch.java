package com.example.shop.web.caching;

import com.example.shop.problems.Problems;

/**
 * The {@code If-Match} header of a write guarded by a version (optimistic concurrency: the ETag of a
 * resource is its version, a positive integer). Accepted as the ETag was sent ({@code "3"}), as a
 * weak tag ({@code W/"3"}) or bare ({@code 3}); anything else is a 400 naming {@code If-Match},
 * never a write. Whether the version is still current is the use case's business (412).
 */
public final class IfMatch {

    public static final String HEADER = "If-Match";

    private IfMatch() {
    }

    /** The version a present header names; 428 when the write needs one and none was sent. */
    public static long requiredVersion(String ifMatch, String what) {
        if (ifMatch == null) {
            throw Problems.preconditionRequired("Send If-Match with the " + what + "'s version (its ETag) to change it");
        }
        return version(ifMatch, what);
    }

    /** The version the header names, or null without the header (a write that may go unguarded). */
    public static Long optionalVersion(String ifMatch, String what) {
        return ifMatch == null ? null : version(ifMatch, what);
    }

    /** {@code 3}, {@code "3"} or {@code W/"3"}: the version; anything else is a 400 naming the header. */
    public static long version(String ifMatch, String what) {
        String value = ifMatch.strip();
        if (value.startsWith("W/")) {
            value = value.substring(2);
        }
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
        }
        try {
            long version = Long.parseLong(value);
            if (version >= 1) {
                return version;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw Problems.invalidField(HEADER, "If-Match must be the " + what + "'s version (a positive integer, "
                + "optionally quoted as in the ETag), not '" + Problems.excerpt(ifMatch) + "'");
    }
}

package com.example.shop.web.identifiers;

import com.example.shop.problems.Problems;
import java.util.regex.Pattern;

/**
 * The syntax of the identifiers that cross service boundaries, defined once: a sku is written by
 * the catalog and read by the cart service, a category slug is written by the category service and
 * read by the catalog's category filter. Each service checks a value before it reaches a query,
 * a URL or a log line, with the same rule as the service that owns it.
 */
public final class Identifiers {

    /** A sku: letters, digits, '_', '.' and '-', starting with a letter or digit, at most 64 characters. */
    public static final String SKU = "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$";
    public static final String SKU_RULE = "1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit";

    /** A category slug: lower-case letters and digits in words joined by single hyphens, at most 64 characters. */
    public static final String SLUG = "^[a-z0-9]+(-[a-z0-9]+)*$";
    public static final int SLUG_MAX = 64;
    public static final String SLUG_RULE = "lower-case letters and digits separated by single hyphens, at most 64 characters";

    /**
     * An id MongoDB made, as this platform writes it: an ObjectId's 24 lower-case hexadecimal digits
     * (a category's id, which products hold; a run's id).
     */
    public static final String OBJECT_ID = "^[0-9a-f]{24}$";

    private static final Pattern OBJECT_ID_PATTERN = Pattern.compile(OBJECT_ID);
    private static final Pattern SKU_PATTERN = Pattern.compile(SKU);
    private static final Pattern SLUG_PATTERN = Pattern.compile(SLUG);

    private Identifiers() {
    }

    public static boolean isObjectId(String value) {
        return value != null && OBJECT_ID_PATTERN.matcher(value).matches();
    }

    public static boolean isSku(String value) {
        return value != null && SKU_PATTERN.matcher(value).matches();
    }

    public static boolean isSlug(String value) {
        return value != null && value.length() <= SLUG_MAX && SLUG_PATTERN.matcher(value).matches();
    }

    /** The sku, or a 400 problem naming {@code field}. */
    public static String requireSku(String value, String field) {
        if (!isSku(value)) {
            throw Problems.invalidField(field, "A sku is " + SKU_RULE + ".");
        }
        return value;
    }

    /** The slug, or a 400 problem naming {@code field}. */
    public static String requireSlug(String value, String field) {
        if (!isSlug(value)) {
            throw Problems.invalidField(field, "A category slug is " + SLUG_RULE + ".");
        }
        return value;
    }
}

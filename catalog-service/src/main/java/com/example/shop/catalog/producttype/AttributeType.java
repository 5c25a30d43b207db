package com.example.shop.catalog.producttype;

import com.example.shop.web.WireName;
import com.example.shop.web.database.StoredFields;
import java.util.List;

/**
 * The value types a product type can declare for an attribute of {@code details}, written in its
 * {@code attributes[].type} in lower case ({@code string_list}).
 */
public enum AttributeType implements WireName {
    STRING,
    STRING_LIST,
    INTEGER,
    NUMBER,
    BOOLEAN,
    /** A calendar date written {@code YYYY-MM-DD}, stored as a BSON date at UTC midnight. */
    DATE;

    /**
     * The text a value of {@code details} holds: the string of a {@link #STRING} attribute, the strings of a
     * {@link #STRING_LIST}; none for a value of any other type. What the catalog derives keywords from and
     * the search index reads as text.
     */
    public static List<String> texts(Object value) {
        return value instanceof String text ? List.of(text) : StoredFields.strings(value);
    }
}

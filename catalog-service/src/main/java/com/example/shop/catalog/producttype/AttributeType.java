package com.example.shop.catalog.producttype;

import com.example.shop.web.WireName;
import java.util.Locale;

/** The value types a product type can declare for an attribute of {@code details}. */
public enum AttributeType implements WireName {
    STRING,
    STRING_LIST,
    INTEGER,
    NUMBER,
    BOOLEAN,
    /** A calendar date written {@code YYYY-MM-DD}, stored as a BSON date at UTC midnight. */
    DATE;

    private final String wire = name().toLowerCase(Locale.ROOT);

    /** As declared in a product type's {@code attributes[].type}: the name in lower case ({@code string_list}). */
    @Override
    public String wire() {
        return wire;
    }
}

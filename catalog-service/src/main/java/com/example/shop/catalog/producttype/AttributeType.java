package com.example.shop.catalog.producttype;

import java.util.Arrays;
import java.util.Optional;

/** The value types a product type can declare for an attribute of {@code details}. */
public enum AttributeType {
    STRING("string"),
    STRING_LIST("string_list"),
    INTEGER("integer"),
    NUMBER("number"),
    BOOLEAN("boolean"),
    /** A calendar date written {@code YYYY-MM-DD}, stored as a BSON date at UTC midnight. */
    DATE("date");

    public static final String NAMES = "string|string_list|integer|number|boolean|date";

    private final String wireName;

    AttributeType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<AttributeType> fromWireName(String name) {
        return Arrays.stream(values()).filter(t -> t.wireName.equals(name)).findFirst();
    }
}

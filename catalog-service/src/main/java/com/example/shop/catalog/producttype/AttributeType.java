package com.example.shop.catalog.producttype;

import com.example.shop.web.WireName;

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
}

package com.example.shop.cart.inventory;

import com.example.shop.cart.problems.CartProblems;
import java.util.regex.Pattern;

/** The accepted shape of a sku, checked before it reaches a query or a URL. */
public final class Skus {

    public static final String PATTERN = "^[A-Za-z0-9._-]{1,64}$";
    private static final Pattern SKU = Pattern.compile(PATTERN);

    private Skus() {
    }

    public static String require(String sku, String field) {
        if (sku == null || !SKU.matcher(sku).matches()) {
            throw CartProblems.malformedSku(field);
        }
        return sku;
    }
}

package com.example.shop.web;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The two ways {@link WireName} spells a constant, each computed once per enum class and kept by
 * ordinal: {@link #of} is an array read, with no string built per call.
 */
enum WireSpellings {
    LOWER_CASE(name -> name.toLowerCase(Locale.ROOT)),
    DASHED(name -> name.toLowerCase(Locale.ROOT).replace('_', '-'));

    private final ClassValue<String[]> byOrdinal;

    WireSpellings(UnaryOperator<String> spelling) {
        this.byOrdinal = new ClassValue<>() {
            @Override
            protected String[] computeValue(Class<?> type) {
                return Arrays.stream(type.getEnumConstants()).map(constant -> spelling.apply(((Enum<?>) constant).name()))
                        .toArray(String[]::new);
            }
        };
    }

    String of(Enum<?> constant) {
        return byOrdinal.get(constant.getDeclaringClass())[constant.ordinal()];
    }
}

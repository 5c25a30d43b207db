package com.example.shop.bench.gatling.shoppers;

import java.time.Duration;

/** The simulations' settings, as {@code -Dname=value} system properties (bench/run passes them). */
public final class Knobs {

    private Knobs() {
    }

    public static String str(String name, String fallback) {
        String v = System.getProperty(name);
        return v == null || v.isBlank() ? fallback : v.trim();
    }

    public static String required(String name) {
        String v = str(name, null);
        if (v == null) {
            throw new IllegalArgumentException("-D" + name + " is required");
        }
        return v;
    }

    public static int integer(String name, int fallback) {
        return Integer.parseInt(str(name, Integer.toString(fallback)));
    }

    public static double decimal(String name, double fallback) {
        return Double.parseDouble(str(name, Double.toString(fallback)));
    }

    public static Duration seconds(String name, int fallback) {
        return Duration.ofSeconds(integer(name, fallback));
    }
}

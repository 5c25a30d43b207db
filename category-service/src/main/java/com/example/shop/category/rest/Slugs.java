package com.example.shop.category.rest;

/** The shape of a slug: lower-case letters and digits in words joined by single hyphens, at most 64 characters. */
public final class Slugs {

    public static final String PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$";
    public static final String MESSAGE = "must be lower-case letters and digits separated by single hyphens";
    public static final int MAX = 64;
    public static final int MAX_NAME = 200;

    private Slugs() {
    }
}

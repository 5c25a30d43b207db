package com.example.shop.category.categories;

/** An ancestor of a category as the API shows it, for breadcrumbs. */
public record Breadcrumb(String id, String slug, String name) {

    static Breadcrumb of(Crumb c) {
        return new Breadcrumb(c.id().toHexString(), c.slug(), c.name());
    }
}

package com.example.shop.category.categories;

import org.bson.types.ObjectId;

/** One entry of a category's {@code ancestors} array: a copy of an ancestor's id, slug and name. */
public record Crumb(ObjectId id, String slug, String name) {

    static Crumb of(Node node) {
        return new Crumb(node.id(), node.slug(), node.name());
    }
}

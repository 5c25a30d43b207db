package com.example.shop.category.categories;

import org.bson.Document;
import org.bson.types.ObjectId;

/** One entry of a category's {@code ancestors} array: a copy of an ancestor's id, slug and name. */
public record Crumb(ObjectId id, String slug, String name) {

    static final String ID = "_id";
    static final String SLUG = "slug";
    static final String NAME = "name";

    static Crumb of(Node node) {
        return new Crumb(node.id(), node.slug(), node.name());
    }

    Document toDocument() {
        return new Document(ID, id).append(SLUG, slug).append(NAME, name);
    }

    static Crumb fromDocument(Document d) {
        return new Crumb(d.getObjectId(ID), d.getString(SLUG), d.getString(NAME));
    }
}

package com.example.shop.category.categories;

import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.bson.types.ObjectId;

/**
 * A category document: {@code parent} is the source of truth for the tree's shape;
 * {@code ancestors} (root first) is derived from the parent chain and copied for fast reads.
 * Only {@link #of} and {@link #toDocument} know the document; its field names are the constants
 * below (and {@link Crumb}'s for the entries of {@code ancestors}), from which the feature's
 * filters, updates, projections and indexes are built.
 */
public record Node(ObjectId id, String slug, String name, ObjectId parent, List<Crumb> ancestors) {

    static final String ID = "_id";
    static final String SLUG = "slug";
    static final String NAME = "name";
    static final String PARENT = "parent";
    static final String ANCESTORS = "ancestors";
    /** The ids of the ancestors: what a subtree query matches. */
    static final String ANCESTOR_ID = ANCESTORS + "." + Crumb.ID;
    /** The name and slug of the ancestor an {@link #ANCESTOR_ID} filter matched (positional update). */
    static final String MATCHED_ANCESTOR_NAME = ANCESTORS + ".$." + Crumb.NAME;
    static final String MATCHED_ANCESTOR_SLUG = ANCESTORS + ".$." + Crumb.SLUG;

    public Node {
        ancestors = List.copyOf(ancestors);
    }

    /** The node a stored document holds; no ancestors when the document (or its projection) has none. */
    static Node of(Document d) {
        List<Crumb> ancestors = new ArrayList<>();
        List<Document> stored = d.getList(ANCESTORS, Document.class);
        if (stored != null) {
            for (Document a : stored) {
                ancestors.add(Crumb.fromDocument(a));
            }
        }
        return new Node(d.getObjectId(ID), d.getString(SLUG), d.getString(NAME), d.getObjectId(PARENT), ancestors);
    }

    Document toDocument() {
        return new Document(ID, id)
                .append(SLUG, slug)
                .append(NAME, name)
                .append(PARENT, parent)
                .append(ANCESTORS, crumbs(ancestors));
    }

    /** The stored form of an {@code ancestors} array. */
    static List<Document> crumbs(List<Crumb> ancestors) {
        return ancestors.stream().map(Crumb::toDocument).toList();
    }
}

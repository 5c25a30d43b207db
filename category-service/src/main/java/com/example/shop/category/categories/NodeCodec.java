package com.example.shop.category.categories;

import com.example.shop.web.database.StoredCodec;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * A category document as a {@link Node}, and each entry of its {@code ancestors} as a
 * {@link Crumb}: the one place that knows the stored form. The field names below are what
 * {@link CategoryStore} builds its filters, updates, projections and indexes from.
 */
final class NodeCodec extends StoredCodec<Node> {

    static final String ID = "_id";
    static final String SLUG = "slug";
    static final String NAME = "name";
    static final String PARENT = "parent";
    static final String ANCESTORS = "ancestors";
    /** The fields of an {@code ancestors} entry. */
    static final String CRUMB_ID = "_id";
    static final String CRUMB_SLUG = "slug";
    static final String CRUMB_NAME = "name";
    /** The ids of the ancestors: what a subtree query matches. */
    static final String ANCESTOR_ID = ANCESTORS + "." + CRUMB_ID;
    /** The name and slug of the ancestor an {@link #ANCESTOR_ID} filter matched (positional update). */
    static final String MATCHED_ANCESTOR_NAME = ANCESTORS + ".$." + CRUMB_NAME;
    static final String MATCHED_ANCESTOR_SLUG = ANCESTORS + ".$." + CRUMB_SLUG;

    NodeCodec() {
        super(Node.class);
    }

    /** The node a stored document holds; no ancestors when the document (or its projection) has none. */
    @Override
    protected Node fromDocument(Document d) {
        List<Crumb> ancestors = new ArrayList<>();
        List<Document> stored = d.getList(ANCESTORS, Document.class);
        if (stored != null) {
            for (Document a : stored) {
                ancestors.add(new Crumb(a.getObjectId(CRUMB_ID), a.getString(CRUMB_SLUG), a.getString(CRUMB_NAME)));
            }
        }
        return new Node(d.getObjectId(ID), d.getString(SLUG), d.getString(NAME), d.getObjectId(PARENT), ancestors);
    }

    @Override
    protected Document toDocument(Node node) {
        return new Document(ID, node.id())
                .append(SLUG, node.slug())
                .append(NAME, node.name())
                .append(PARENT, node.parent())
                .append(ANCESTORS, crumbs(node.ancestors()));
    }

    /** The stored form of an {@code ancestors} array. */
    static List<Document> crumbs(List<Crumb> ancestors) {
        return ancestors.stream()
                .map(c -> new Document(CRUMB_ID, c.id()).append(CRUMB_SLUG, c.slug()).append(CRUMB_NAME, c.name()))
                .toList();
    }
}

package com.example.shop.category.categories;

import java.util.List;
import org.bson.types.ObjectId;

/**
 * A category: {@code parent} is the source of truth for the tree's shape; {@code ancestors} (root
 * first) is derived from the parent chain and copied for fast reads (docs/design.md#category-tree).
 * Stored by {@link NodeCodec}.
 */
public record Node(ObjectId id, String slug, String name, ObjectId parent, List<Crumb> ancestors) {

    public Node {
        ancestors = List.copyOf(ancestors);
    }
}

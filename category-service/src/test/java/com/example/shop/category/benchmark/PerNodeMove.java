package com.example.shop.category.benchmark;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.bson.types.ObjectId;

/**
 * The book's move, for comparison only: read the subtree, then one update per node (recursive
 * update_node_and_descendants), with the book's bug fixed (it used the parent's ancestors
 * without the parent). Not used by the service.
 */
final class PerNodeMove {

    private PerNodeMove() {
    }

    static void move(MongoCollection<Document> categories, String slug, String parentSlug) {
        Document node = categories.find(Filters.eq("slug", slug)).first();
        Document parent = categories.find(Filters.eq("slug", parentSlug)).first();
        Map<ObjectId, List<Document>> byParent = new HashMap<>();
        for (Document d : categories.find(Filters.eq("ancestors._id", node.getObjectId("_id"))).batchSize(10_000)) {
            byParent.computeIfAbsent(d.getObjectId("parent"), k -> new ArrayList<>()).add(d);
        }
        update(categories, byParent, node, parent);
    }

    private static void update(MongoCollection<Document> categories, Map<ObjectId, List<Document>> byParent,
                               Document node, Document parent) {
        List<Document> ancestors = new ArrayList<>(parent.getList("ancestors", Document.class));
        ancestors.add(new Document("_id", parent.getObjectId("_id")).append("slug", parent.getString("slug"))
                .append("name", parent.getString("name")));
        categories.updateOne(Filters.eq("_id", node.getObjectId("_id")),
                Updates.combine(Updates.set("ancestors", ancestors), Updates.set("parent", parent.getObjectId("_id"))));
        Document updated = new Document(node).append("ancestors", ancestors);
        for (Document child : byParent.getOrDefault(node.getObjectId("_id"), List.of())) {
            update(categories, byParent, child, updated);
        }
    }
}

package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.category.CategorySchema;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The feature's collections, {@code categories} and {@code tree_locks} (the only place that opens
 * them), the mapping of a category document and the plain reads the use cases share. Writes and
 * their guards live in the use-case classes; the indexes in {@link CategorySchema}.
 */
@ApplicationScoped
class CategoryStore {

    private final MongoClient client;
    private final String databaseName;

    CategoryStore(MongoClient client, @ConfigProperty(name = "quarkus.mongodb.database") String databaseName) {
        this.client = client;
        this.databaseName = databaseName;
    }

    MongoCollection<Document> categories() {
        return client.getDatabase(databaseName).getCollection(CategorySchema.CATEGORIES);
    }

    MongoCollection<Document> locks() {
        return client.getDatabase(databaseName).getCollection(CategorySchema.TREE_LOCKS);
    }

    static final Bson NODE_FIELDS = Projections.include("_id", "slug", "name", "parent", "ancestors");

    Optional<Node> findBySlug(String slug) {
        return Optional.ofNullable(categories().find(Filters.eq("slug", slug)).projection(NODE_FIELDS).first())
                .map(CategoryStore::toNode);
    }

    Node requireBySlug(String slug) {
        return findBySlug(slug).orElseThrow(() -> CategoryProblems.unknownCategory(slug));
    }

    /** Nodes by slug, in one query. */
    Map<String, Node> findBySlugs(Collection<String> slugs) {
        Map<String, Node> found = new LinkedHashMap<>();
        for (Document d : categories().find(Filters.in("slug", slugs)).projection(NODE_FIELDS)) {
            Node node = toNode(d);
            found.put(node.slug(), node);
        }
        return found;
    }

    List<Node> find(Bson filter) {
        List<Node> nodes = new ArrayList<>();
        for (Document d : categories().find(filter).projection(NODE_FIELDS).batchSize(10_000)) {
            nodes.add(toNode(d));
        }
        return nodes;
    }

    static Node toNode(Document d) {
        List<Crumb> ancestors = new ArrayList<>();
        List<Document> stored = d.getList("ancestors", Document.class);
        if (stored != null) {
            for (Document a : stored) {
                ancestors.add(Crumb.fromDocument(a));
            }
        }
        return new Node(d.getObjectId("_id"), d.getString("slug"), d.getString("name"),
                d.getObjectId("parent"), ancestors);
    }

    static Document toDocument(Node node) {
        return new Document("_id", node.id())
                .append("slug", node.slug())
                .append("name", node.name())
                .append("parent", node.parent())
                .append("ancestors", crumbs(node.ancestors()));
    }

    static List<Document> crumbs(List<Crumb> ancestors) {
        return ancestors.stream().map(Crumb::toDocument).toList();
    }

    static boolean isDuplicateKey(MongoException e) {
        return e instanceof MongoWriteException write && write.getError().getCategory() == ErrorCategory.DUPLICATE_KEY
                || e.getCode() == 11000;
    }
}

package com.example.shop.category.tree;

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
import org.bson.types.ObjectId;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The {@code categories} collection: document mapping and the plain reads shared by the use cases.
 * Writes and their guards live in the use-case classes; the indexes in {@link CategorySchema}.
 */
@ApplicationScoped
public class CategoryStore {

    public static final String COLLECTION = "categories";
    public static final String LOCKS = "tree_locks";

    private final MongoClient client;
    private final String databaseName;

    public CategoryStore(MongoClient client, @ConfigProperty(name = "quarkus.mongodb.database") String databaseName) {
        this.client = client;
        this.databaseName = databaseName;
    }

    public MongoCollection<Document> categories() {
        return client.getDatabase(databaseName).getCollection(COLLECTION);
    }

    public MongoCollection<Document> locks() {
        return client.getDatabase(databaseName).getCollection(LOCKS);
    }

    public static final Bson NODE_FIELDS = Projections.include("_id", "slug", "name", "parent", "ancestors");

    public Optional<Node> findBySlug(String slug) {
        return Optional.ofNullable(categories().find(Filters.eq("slug", slug)).projection(NODE_FIELDS).first())
                .map(CategoryStore::toNode);
    }

    public Node requireBySlug(String slug) {
        return findBySlug(slug).orElseThrow(() -> CategoryProblems.unknownCategory(slug));
    }

    public Optional<Node> findById(ObjectId id) {
        return Optional.ofNullable(categories().find(Filters.eq("_id", id)).projection(NODE_FIELDS).first())
                .map(CategoryStore::toNode);
    }

    /** Nodes by slug, in one query. */
    public Map<String, Node> findBySlugs(Collection<String> slugs) {
        Map<String, Node> found = new LinkedHashMap<>();
        for (Document d : categories().find(Filters.in("slug", slugs)).projection(NODE_FIELDS)) {
            Node node = toNode(d);
            found.put(node.slug(), node);
        }
        return found;
    }

    public List<Node> find(Bson filter) {
        List<Node> nodes = new ArrayList<>();
        for (Document d : categories().find(filter).projection(NODE_FIELDS).batchSize(10_000)) {
            nodes.add(toNode(d));
        }
        return nodes;
    }

    public static Node toNode(Document d) {
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

    public static Document toDocument(Node node) {
        return new Document("_id", node.id())
                .append("slug", node.slug())
                .append("name", node.name())
                .append("parent", node.parent())
                .append("ancestors", crumbs(node.ancestors()));
    }

    public static List<Document> crumbs(List<Crumb> ancestors) {
        return ancestors.stream().map(Crumb::toDocument).toList();
    }

    public static boolean isDuplicateKey(MongoException e) {
        return e instanceof MongoWriteException write && write.getError().getCategory() == ErrorCategory.DUPLICATE_KEY
                || e.getCode() == 11000;
    }
}

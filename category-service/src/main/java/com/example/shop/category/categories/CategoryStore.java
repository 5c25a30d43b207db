package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Projections;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The feature's collections, {@code categories} and {@code tree_locks} (the only place that opens
 * them), their indexes, and the plain reads the use cases share; a category document is mapped by
 * {@link Node}. Writes and their guards live in the use-case classes. Web-support's
 * {@code SchemaSetup} gathers the indexes.
 */
@Singleton
record CategoryStore(MongoCollection<Document> categories, MongoCollection<Document> locks) implements FeatureIndexes {

    /** One document per category. */
    private static final String CATEGORIES = "categories";
    /** The lease on the tree's shape, one document. */
    private static final String TREE_LOCKS = "tree_locks";

    /**
     * The indexes of {@code categories}: slug unique (the book's; the only guard against two
     * categories with one slug, so creates, moves, deletes and slug changes wait for it),
     * ancestors._id (subtree queries), {parent, slug} (children by pointer, sorted).
     * {@code tree_locks} holds the one lease document and needs no index but its {@code _id}.
     */
    static final List<RequiredIndex> INDEXES = List.of(
            RequiredIndex.on(CATEGORIES, Indexes.ascending(Node.SLUG),
                    new IndexOptions().unique(true).name("slug_unique")),
            RequiredIndex.on(CATEGORIES, Indexes.ascending(Node.ANCESTOR_ID),
                    new IndexOptions().name("ancestors_id")),
            RequiredIndex.on(CATEGORIES, Indexes.ascending(Node.PARENT, Node.SLUG),
                    new IndexOptions().name("parent_slug")));

    @Inject
    CategoryStore(MongoDatabase database) {
        this(database.getCollection(CATEGORIES), database.getCollection(TREE_LOCKS));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }

    static final Bson NODE_FIELDS = Projections.include(Node.ID, Node.SLUG, Node.NAME, Node.PARENT, Node.ANCESTORS);

    Optional<Node> findBySlug(String slug) {
        return Optional.ofNullable(categories().find(Filters.eq(Node.SLUG, slug)).projection(NODE_FIELDS).first())
                .map(Node::of);
    }

    Node requireBySlug(String slug) {
        return findBySlug(slug).orElseThrow(() -> CategoryProblems.unknownCategory(slug));
    }

    /** Nodes by slug, in one query. */
    Map<String, Node> findBySlugs(Collection<String> slugs) {
        Map<String, Node> found = new LinkedHashMap<>();
        for (Document d : categories().find(Filters.in(Node.SLUG, slugs)).projection(NODE_FIELDS)) {
            Node node = Node.of(d);
            found.put(node.slug(), node);
        }
        return found;
    }

    List<Node> find(Bson filter) {
        List<Node> nodes = new ArrayList<>();
        for (Document d : categories().find(filter).projection(NODE_FIELDS).batchSize(10_000)) {
            nodes.add(Node.of(d));
        }
        return nodes;
    }

    static boolean isDuplicateKey(MongoException e) {
        return e instanceof MongoWriteException write && write.getError().getCategory() == ErrorCategory.DUPLICATE_KEY
                || e.getCode() == 11000;
    }
}

package com.example.shop.category.categories;

import static com.example.shop.category.categories.NodeCodec.ANCESTORS;
import static com.example.shop.category.categories.NodeCodec.ANCESTOR_ID;
import static com.example.shop.category.categories.NodeCodec.CRUMB_ID;
import static com.example.shop.category.categories.NodeCodec.ID;
import static com.example.shop.category.categories.NodeCodec.MATCHED_ANCESTOR_NAME;
import static com.example.shop.category.categories.NodeCodec.MATCHED_ANCESTOR_SLUG;
import static com.example.shop.category.categories.NodeCodec.NAME;
import static com.example.shop.category.categories.NodeCodec.PARENT;
import static com.example.shop.category.categories.NodeCodec.SLUG;
import static com.example.shop.category.categories.NodeCodec.crumbs;

import com.example.shop.category.CategoryProblems;
import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.ServiceDatabase;
import com.example.shop.web.leases.LeaseStore;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertOneModel;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.PushOptions;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateManyModel;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.WriteModel;
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
import org.bson.types.ObjectId;

/**
 * The feature's collections, {@code categories} and {@code leases} (the only place that opens
 * them), their indexes, and every query the use cases run, as named methods; the guards a change
 * needs (the tree lease, the checks) stay with the use cases. Web-support's {@code SchemaSetup}
 * gathers the indexes.
 */
@Singleton
record CategoryStore(MongoCollection<Node> categories, LeaseStore leases) implements FeatureIndexes {

    /** One document per category. */
    private static final String CATEGORIES = "categories";
    /** The service's named leases: the tree's ({@link TreeLease}). */
    private static final String LEASES = "leases";

    /**
     * The indexes of {@code categories}: slug unique (the book's; the only guard against two
     * categories with one slug, so creates, moves, deletes and slug changes wait for it),
     * ancestors._id (subtree queries), {parent, slug} (children by pointer, sorted).
     * {@code leases} needs no index but its {@code _id}.
     */
    static final List<RequiredIndex> INDEXES = List.of(
            RequiredIndex.on(CATEGORIES, Indexes.ascending(SLUG),
                    new IndexOptions().unique(true).name("slug_unique")),
            RequiredIndex.on(CATEGORIES, Indexes.ascending(ANCESTOR_ID),
                    new IndexOptions().name("ancestors_id")),
            RequiredIndex.on(CATEGORIES, Indexes.ascending(PARENT, SLUG),
                    new IndexOptions().name("parent_slug")));

    private static final Bson NODE_FIELDS = Projections.include(ID, SLUG, NAME, PARENT, ANCESTORS);
    /** A node without its ancestors: what the shape of the tree needs. */
    private static final Bson SHAPE_FIELDS = Projections.include(ID, SLUG, NAME, PARENT);

    @Inject
    CategoryStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, CATEGORIES, new NodeCodec()), LeaseStore.named(database.getCollection(LEASES)));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }

    static boolean isDuplicateKey(MongoException e) {
        return e instanceof MongoWriteException write && write.getError().getCategory() == ErrorCategory.DUPLICATE_KEY
                || e.getCode() == 11000;
    }

    // reads

    Optional<Node> findBySlug(String slug) {
        return Optional.ofNullable(categories.find(Filters.eq(SLUG, slug)).projection(NODE_FIELDS).first());
    }

    Node requireBySlug(String slug) {
        return findBySlug(slug).orElseThrow(() -> CategoryProblems.unknownCategory(slug));
    }

    /** Nodes by slug, in one query. */
    Map<String, Node> findBySlugs(Collection<String> slugs) {
        Map<String, Node> found = new LinkedHashMap<>();
        for (Node node : categories.find(Filters.in(SLUG, slugs)).projection(NODE_FIELDS)) {
            found.put(node.slug(), node);
        }
        return found;
    }

    /** Nodes by id, in one query (those that exist). */
    List<Node> findByIds(Collection<ObjectId> ids) {
        return findAll(Filters.in(ID, ids));
    }

    /** Every category, in one query (a category collection is small). */
    List<Node> findAll() {
        return findAll(new Document());
    }

    private List<Node> findAll(Bson filter) {
        return categories.find(filter).projection(NODE_FIELDS).batchSize(10_000).into(new ArrayList<>());
    }

    /** Up to {@code limit} children of {@code parent} (null: the roots) by slug, after slug {@code after} when given. */
    List<Node> childrenBySlug(ObjectId parent, String after, int limit) {
        Bson filter = Filters.eq(PARENT, parent);
        if (after != null) {
            filter = Filters.and(filter, Filters.gt(SLUG, after));
        }
        return categories.find(filter).projection(NODE_FIELDS).sort(Sorts.ascending(SLUG)).limit(limit).into(new ArrayList<>());
    }

    /** Up to {@code limit} descendants of {@code node} (any depth) by id, after id {@code after} when given. */
    List<Node> descendantsById(ObjectId node, ObjectId after, int limit) {
        Bson filter = Filters.eq(ANCESTOR_ID, node);
        if (after != null) {
            filter = Filters.and(filter, Filters.gt(ID, after));
        }
        return categories.find(filter).projection(NODE_FIELDS).sort(Sorts.ascending(ID)).limit(limit).into(new ArrayList<>());
    }

    /** The ids of {@code node} and of its descendants, in one indexed query: {@code {$or: [{_id}, {"ancestors._id"}]}}. */
    List<ObjectId> subtreeIds(ObjectId node) {
        List<ObjectId> ids = new ArrayList<>();
        for (Node n : categories.find(Filters.or(Filters.eq(ID, node), Filters.eq(ANCESTOR_ID, node)))
                .projection(Projections.include(ID)).batchSize(5000)) {
            ids.add(n.id());
        }
        return ids;
    }

    /** Up to {@code limit} categories without their ancestors (id, slug, name, parent): the tree's shape. */
    List<Node> shapes(int limit) {
        return categories.find().projection(SHAPE_FIELDS).limit(limit).batchSize(5000).into(new ArrayList<>());
    }

    /** Every category without its ancestors (id, slug, name, parent), in one query. */
    List<Node> allShapes() {
        return categories.find().projection(SHAPE_FIELDS).batchSize(10_000).into(new ArrayList<>());
    }

    boolean hasChildren(ObjectId node) {
        return categories.find(Filters.eq(PARENT, node)).limit(1).first() != null;
    }

    // writes

    /** Inserts a new category; a duplicate slug throws the driver's duplicate-key error ({@link #isDuplicateKey}). */
    void insert(Node node) {
        categories.insertOne(node);
    }

    void delete(ObjectId node) {
        categories.deleteOne(Filters.eq(ID, node));
    }

    /** Points {@code node} at {@code parent} if its parent is still {@code expected}; false when it is not. */
    boolean setParent(ObjectId node, ObjectId expected, ObjectId parent) {
        return categories.updateOne(Filters.and(Filters.eq(ID, node), Filters.eq(PARENT, expected)),
                Updates.set(PARENT, parent)).getMatchedCount() > 0;
    }

    /**
     * A moved node's new ancestors, and its descendants', in one ordered {@code bulkWrite} however
     * large the subtree: the node's become {@code newPrefix}; every descendant loses
     * {@code oldPrefix} ({@code $pull} of its ids) and gets {@code newPrefix} in front
     * ({@code $push} at position 0). The entries from the node down are not touched.
     */
    void moveAncestors(ObjectId node, List<ObjectId> oldPrefix, List<Crumb> newPrefix) {
        List<WriteModel<Node>> writes = new ArrayList<>(3);
        writes.add(new UpdateOneModel<>(Filters.eq(ID, node), Updates.set(ANCESTORS, crumbs(newPrefix))));
        if (!oldPrefix.isEmpty()) {
            writes.add(new UpdateManyModel<>(Filters.eq(ANCESTOR_ID, node),
                    Updates.pull(ANCESTORS, Filters.in(CRUMB_ID, oldPrefix))));
        }
        if (!newPrefix.isEmpty()) {
            writes.add(new UpdateManyModel<>(Filters.eq(ANCESTOR_ID, node),
                    Updates.pushEach(ANCESTORS, crumbs(newPrefix), new PushOptions().position(0))));
        }
        categories.bulkWrite(writes, new BulkWriteOptions().ordered(true));
    }

    /** Sets a node's name and slug; false when it no longer exists. A duplicate slug throws ({@link #isDuplicateKey}). */
    boolean relabel(ObjectId node, String name, String slug) {
        return categories.updateOne(Filters.eq(ID, node),
                Updates.combine(Updates.set(NAME, name), Updates.set(SLUG, slug))).getMatchedCount() > 0;
    }

    /** The node's labels in its descendants' ancestors, as the book: one multi-document update with the positional operator. */
    void relabelCopies(ObjectId node, String name, String slug) {
        categories.updateMany(Filters.eq(ANCESTOR_ID, node),
                Updates.combine(Updates.set(MATCHED_ANCESTOR_NAME, name), Updates.set(MATCHED_ANCESTOR_SLUG, slug)));
    }

    /** Rewrites the ancestors of each node given, in one unordered {@code bulkWrite}. */
    void setAncestors(Map<ObjectId, List<Crumb>> ancestors) {
        List<WriteModel<Node>> updates = new ArrayList<>(ancestors.size());
        // Filter on _id alone: a value derived from a parent pointer that changed meanwhile is caught
        // by the reconciler's next pass, which re-reads the truth after this write (a {_id, parent}
        // guard would add nothing to that, and the embedded server scans for any filter that is not
        // exactly an index's keys).
        ancestors.forEach((node, crumbs) ->
                updates.add(new UpdateOneModel<>(Filters.eq(ID, node), Updates.set(ANCESTORS, crumbs(crumbs)))));
        categories.bulkWrite(updates, new BulkWriteOptions().ordered(false));
    }

    /**
     * One ordered {@code bulkWrite} of an import: the {@code created} categories inserted, then the
     * {@code changed} ones' name, parent and ancestors set, in the order given.
     */
    void writeImported(List<Node> created, List<Node> changed) {
        List<WriteModel<Node>> writes = new ArrayList<>(created.size() + changed.size());
        for (Node node : created) {
            writes.add(new InsertOneModel<>(node));
        }
        for (Node node : changed) {
            writes.add(new UpdateOneModel<>(Filters.eq(ID, node.id()), Updates.combine(
                    Updates.set(NAME, node.name()), Updates.set(PARENT, node.parent()),
                    Updates.set(ANCESTORS, crumbs(node.ancestors())))));
        }
        categories.bulkWrite(writes, new BulkWriteOptions().ordered(true));
    }
}

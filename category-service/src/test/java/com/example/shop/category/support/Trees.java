package com.example.shop.category.support;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.example.shop.testsupport.TestDatabase;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import io.restassured.path.json.JsonPath;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.bson.types.ObjectId;

/**
 * Test-side model of the tree and independent checks: expected breadcrumbs are computed here from
 * the model (or from the stored parent pointers), never by the service's own code.
 */
public final class Trees {

    /** The tree lease as web-support's LeaseStore keeps it: {@code leases {_id: "tree", holder, expires_at}}. */
    private static final Bson TREE_LEASE = Filters.eq("_id", "tree");

    private Trees() {
    }

    public static MongoDatabase db() {
        return TestDatabase.database("categories");
    }

    /** Empties the categories and frees the tree lease (an interrupted test may have left it held). */
    public static void reset() {
        db().getCollection("categories").deleteMany(new Document());
        freeLease();
    }

    /** Gives the tree lease back, whoever holds it (a released named lease has no document). */
    public static void freeLease() {
        db().getCollection("leases").deleteMany(TREE_LEASE);
    }

    /** Makes {@code holder} hold the tree lease until {@code until}, as another replica's change would. */
    public static void holdLease(String holder, Instant until) {
        db().getCollection("leases").updateOne(TREE_LEASE,
                Updates.combine(Updates.set("holder", holder), Updates.set("expires_at", Date.from(until))),
                new UpdateOptions().upsert(true));
    }

    /** Hands the held tree lease to {@code holder}, its expiry unchanged; false when no one holds it. */
    public static boolean handLeaseTo(String holder) {
        return db().getCollection("leases").updateOne(Filters.and(TREE_LEASE, Filters.exists("holder")),
                Updates.set("holder", holder)).getModifiedCount() == 1;
    }

    /** Extends the held tree lease to {@code until}, its holder unchanged. */
    public static void extendLease(Instant until) {
        db().getCollection("leases").updateOne(Filters.and(TREE_LEASE, Filters.exists("holder")),
                Updates.set("expires_at", Date.from(until)));
    }

    /** The tree lease's document, if there is one. */
    public static Document lease() {
        return db().getCollection("leases").find(TREE_LEASE).first();
    }

    /** slug → parent slug (null for a root) and slug → name, maintained by a test. */
    public static final class Model {
        public final Map<String, String> parent = new LinkedHashMap<>();
        public final Map<String, String> name = new LinkedHashMap<>();

        public Model add(String name, String slug, String parent) {
            Api.created(name, slug, parent);
            this.parent.put(slug, parent);
            this.name.put(slug, name);
            return this;
        }

        public List<String> chain(String slug) {
            List<String> up = new ArrayList<>();
            for (String p = parent.get(slug); p != null; p = parent.get(p)) {
                up.add(p);
                if (up.size() > parent.size()) {
                    fail("model has a cycle at " + slug);
                }
            }
            Collections.reverse(up);
            return up;
        }

        /** GET every node and compare its breadcrumbs (slugs and names, root first) and parent with the model. */
        public void assertBreadcrumbsEverywhere() {
            for (String slug : parent.keySet()) {
                JsonPath json = given().get("/categories/" + slug).then().statusCode(200).extract().jsonPath();
                List<String> expected = chain(slug);
                assertEquals(expected, json.getList("breadcrumbs.slug"), "breadcrumb slugs of " + slug);
                assertEquals(expected.stream().map(name::get).toList(), json.getList("breadcrumbs.name"),
                        "breadcrumb names of " + slug);
                assertEquals(parent.get(slug), json.getString("parent"), "parent of " + slug);
                assertEquals(name.get(slug), json.getString("name"), "name of " + slug);
            }
            assertEquals(parent.size(), db().getCollection("categories").countDocuments(), "number of categories");
            assertDatabaseConsistent();
        }
    }

    /**
     * Reads every stored document and checks, independently of the service, that the parent
     * pointers form a forest (no cycle, no dangling parent) and that each document's ancestors
     * equal the chain of its parent pointers (ids, slugs and names, root first).
     */
    public static void assertDatabaseConsistent() {
        Map<ObjectId, Document> byId = new HashMap<>();
        for (Document d : db().getCollection("categories").find()) {
            byId.put(d.getObjectId("_id"), d);
        }
        for (Document d : byId.values()) {
            List<Document> expected = new ArrayList<>();
            Set<ObjectId> seen = new HashSet<>();
            seen.add(d.getObjectId("_id"));
            for (ObjectId p = d.getObjectId("parent"); p != null; ) {
                assertTrue(seen.add(p), "cycle through " + d.getString("slug"));
                Document parent = byId.get(p);
                assertNotNull(parent, "dangling parent of " + d.getString("slug"));
                expected.add(new Document("_id", p).append("slug", parent.getString("slug")).append("name", parent.getString("name")));
                p = parent.getObjectId("parent");
            }
            Collections.reverse(expected);
            assertEquals(expected, d.getList("ancestors", Document.class), "ancestors of " + d.getString("slug"));
        }
    }

    public static ObjectId idOf(String slug) {
        return db().getCollection("categories").find(Filters.eq("slug", slug)).first().getObjectId("_id");
    }

    /**
     * Inserts a tree directly (fast set-up for large trees): {@code parents} maps slug → parent
     * slug, parents before children; names are derived from slugs. Ancestors are computed here.
     */
    public static Map<String, ObjectId> seed(Map<String, String> parents) {
        Map<String, ObjectId> ids = new LinkedHashMap<>();
        Map<String, List<Document>> ancestors = new HashMap<>();
        List<Document> docs = new ArrayList<>();
        for (Map.Entry<String, String> e : parents.entrySet()) {
            String slug = e.getKey();
            String parent = e.getValue();
            ObjectId id = new ObjectId();
            ids.put(slug, id);
            List<Document> chain = new ArrayList<>();
            if (parent != null) {
                chain.addAll(ancestors.get(parent));
                chain.add(new Document("_id", ids.get(parent)).append("slug", parent).append("name", nameOf(parent)));
            }
            ancestors.put(slug, chain);
            docs.add(new Document("_id", id).append("slug", slug).append("name", nameOf(slug))
                    .append("parent", parent == null ? null : ids.get(parent)).append("ancestors", chain));
        }
        db().getCollection("categories").insertMany(docs);
        return ids;
    }

    public static String nameOf(String slug) {
        return "Name of " + slug;
    }

    /** slug → parent for a root {@code root} with {@code descendants} nodes below it, {@code fanout} children each (breadth first). */
    public static Map<String, String> wideTree(String root, int descendants, int fanout) {
        Map<String, String> parents = new LinkedHashMap<>();
        parents.put(root, null);
        List<String> queue = new ArrayList<>(List.of(root));
        int made = 0;
        for (int head = 0; made < descendants; head++) {
            String parent = queue.get(head);
            for (int i = 0; i < fanout && made < descendants; i++) {
                String slug = root + "-" + (++made);
                parents.put(slug, parent);
                queue.add(slug);
            }
        }
        return parents;
    }
}

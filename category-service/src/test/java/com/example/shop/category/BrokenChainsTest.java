package com.example.shop.category;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.category.support.Api;
import com.example.shop.category.support.Trees;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Parent pointers this service never writes (a dangling parent, a loop), put in the database by
 * hand: verify names each node and the kind of break, with no expected ancestors; repair leaves
 * them as they are (there is no chain to derive from) and reports them as unrepairable.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class BrokenChainsTest {

    @BeforeEach
    @AfterEach
    void empty() {
        Trees.reset();
    }

    private static Document category(ObjectId id, String slug, ObjectId parent) {
        return new Document("_id", id).append("slug", slug).append("name", Trees.nameOf(slug))
                .append("parent", parent).append("ancestors", List.of());
    }

    @Test
    void danglingParentsAndLoopsAreReportedByKindAndLeftToAnAdmin() {
        ObjectId orphan = new ObjectId();
        ObjectId ping = new ObjectId();
        ObjectId pong = new ObjectId();
        Trees.db().getCollection("categories").insertMany(List.of(
                category(orphan, "orphan", new ObjectId()),
                category(new ObjectId(), "orphan-child", orphan),
                category(ping, "ping", pong),
                category(pong, "pong", ping),
                category(new ObjectId(), "healthy", null)));
        List<Document> before = TestDatabase.snapshot("categories");

        Api.verify().then().statusCode(200).body("healthy", equalTo(false))
                .body("findings.slug", containsInAnyOrder("orphan", "orphan-child", "ping", "pong"))
                .body("findings.find { it.slug == 'orphan' }.kind", equalTo("missing-parent"))
                .body("findings.find { it.slug == 'orphan-child' }.kind", equalTo("missing-parent"))
                .body("findings.find { it.slug == 'ping' }.kind", equalTo("cycle"))
                .body("findings.find { it.slug == 'pong' }.kind", equalTo("cycle"))
                .body("findings.expected", everyItem(nullValue()));

        Api.repair().then().statusCode(200).body("fixedCount", equalTo(0)).body("settled", equalTo(true))
                .body("unrepairable.slug", containsInAnyOrder("orphan", "orphan-child", "ping", "pong"))
                .body("unrepairable.kind", containsInAnyOrder("missing-parent", "missing-parent", "cycle", "cycle"));
        assertEquals(before, TestDatabase.snapshot("categories"), "repair wrote nothing it could not derive");
    }
}

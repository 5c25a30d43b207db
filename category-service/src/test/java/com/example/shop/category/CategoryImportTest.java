package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.category.support.Api;
import com.example.shop.category.support.Imports;
import com.example.shop.category.support.Trees;
import com.example.shop.category.support.Trees.Model;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** POST /admin/categories/import and GET /admin/categories/export over HTTP, on the embedded wire server. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class CategoryImportTest {

    @BeforeEach
    void empty() {
        Trees.reset();
    }

    @Test
    void answers202WithTheRunsLocationAndCountsWhatBecameOfEachLine() {
        String file = Imports.file(List.of(
                Imports.line("bop", "Bop", "jazz"),           // child before its parent
                Imports.line("jazz", "Jazz", null),
                Imports.line("modal-jazz", "Modal Jazz", "bop")));
        Response accepted = Imports.post(file);
        accepted.then().statusCode(202).contentType("application/json")
                .body("kind", equalTo("import-categories")).body("counts.bytes_total", equalTo(file.length()));
        String id = accepted.path("id");
        accepted.then().header("Location", equalTo("/admin/categories/imports/" + id));

        JsonPath run = Imports.await(id);
        Imports.assertCounts(run, 3, 3, 0, 0, 0);
        assertEquals(file.length(), run.getInt("counts.bytes_read"));
        assertTrue(Imports.rejects(id).isEmpty());

        Model model = new Model();
        model.parent.put("jazz", null);
        model.parent.put("bop", "jazz");
        model.parent.put("modal-jazz", "bop");
        model.name.putAll(Map.of("jazz", "Jazz", "bop", "Bop", "modal-jazz", "Modal Jazz"));
        model.assertBreadcrumbsEverywhere();
        Api.verify().then().body("healthy", equalTo(true));

        given().auth().oauth2(Api.admin()).get("/admin/categories/imports").then().statusCode(200)
                .body("items[0].id", equalTo(id)).body("items[0].state", equalTo("succeeded"));
        given().auth().oauth2(Api.admin()).get("/admin/categories/imports/ffffffffffffffffffffffff").then().statusCode(404)
                .contentType("application/problem+json");
    }

    @Test
    void linesInAnyOrderWithTheirIdsBuildTheSameTree() {
        // deepest first: every parent comes after its children
        String a = new ObjectId().toHexString();
        String b = new ObjectId().toHexString();
        JsonPath run = Imports.run(Imports.file(List.of(
                Imports.line(null, "d", "D", "c"),
                Imports.line(null, "c", "C", "b"),
                Imports.line(b, "b", "B", "a"),
                Imports.line(a, "a", "A", null),
                Imports.line(null, "e", "E", "a"))));
        Imports.assertCounts(run, 5, 5, 0, 0, 0);
        given().get("/categories/d").then().statusCode(200)
                .body("breadcrumbs.slug", equalTo(List.of("a", "b", "c")))
                .body("breadcrumbs.id[0]", equalTo(a)).body("breadcrumbs.id[1]", equalTo(b));
        given().get("/categories/a").then().body("id", equalTo(a));
        Trees.assertDatabaseConsistent();
    }

    @Test
    void aCycleAndAnUnknownParentRejectTheirLinesAndTheirDescendantsAndNothingElse() {
        JsonPath run = Imports.run(Imports.file(List.of(
                Imports.line("a", "A", null),            // 1
                Imports.line("b", "B", "c"),             // 2  b -> c -> d -> b
                Imports.line("c", "C", "d"),             // 3
                Imports.line("d", "D", "b"),             // 4
                Imports.line("e", "E", "b"),             // 5  below the loop
                Imports.line("f", "F", "nowhere"),       // 6  unknown parent
                Imports.line("g", "G", "f"),             // 7  below it
                Imports.line("h", "H", "a"),             // 8
                Imports.line("i", "I", "h"),             // 9
                "{\"slug\":\"Not A Slug\",\"name\":\"X\",\"parent\":null}",   // 10
                Imports.line("a", "A again", null),      // 11 the same slug twice
                "{\"slug\":\"j\",\"name\":\"  \",\"parent\":\"a\"}",          // 12 blank name
                Imports.line("self", "Self", "self"))));  // 13 its own parent
        String id = run.getString("id");
        Imports.assertCounts(run, 13, 3, 0, 0, 10);

        List<Map<String, Object>> rejects = Imports.rejects(id);
        assertEquals(List.of(2, 3, 4, 5, 6, 7, 10, 11, 12, 13), rejects.stream().map(r -> r.get("line")).toList());
        Map<Integer, Map<String, Object>> byLine = new java.util.HashMap<>();
        rejects.forEach(r -> byLine.put((Integer) r.get("line"), r));
        for (int line : List.of(2, 3, 4, 13)) {
            assertProblem(byLine.get(line), "category-cycle", "parent");
        }
        assertTrue(detail(byLine.get(2)).contains("b -> c -> d -> b"), detail(byLine.get(2)));
        assertProblem(byLine.get(5), "parent-not-found", "parent");
        assertTrue(detail(byLine.get(5)).contains("line 2"), detail(byLine.get(5)));
        assertProblem(byLine.get(6), "parent-not-found", "parent");
        assertTrue(detail(byLine.get(6)).contains("nowhere"), detail(byLine.get(6)));
        assertProblem(byLine.get(7), "parent-not-found", "parent");
        assertTrue(detail(byLine.get(7)).contains("line 6"), detail(byLine.get(7)));
        assertProblem(byLine.get(10), "invalid-field", "slug");
        assertProblem(byLine.get(11), "duplicate-line", "slug");
        assertEquals("a", byLine.get(11).get("key"));
        assertProblem(byLine.get(12), "invalid-field", "name");
        assertEquals("e", byLine.get(5).get("key"));

        Model model = new Model();
        model.parent.put("a", null);
        model.parent.put("h", "a");
        model.parent.put("i", "h");
        model.name.putAll(Map.of("a", "A", "h", "H", "i", "I"));
        model.assertBreadcrumbsEverywhere();
    }

    @Test
    void aLineThatWouldPutAStoredCategoryBelowItsOwnDescendantIsRejected() {
        Model model = new Model().add("Jazz", "jazz", null).add("Bop", "bop", "jazz").add("Swing", "swing", null);
        List<Document> before = Imports.categories();
        JsonPath run = Imports.run(Imports.file(List.of(
                Imports.line("jazz", "Jazz", "bop"),
                Imports.line("swing", "Swing", null))));
        Imports.assertCounts(run, 2, 0, 0, 1, 1);
        Map<String, Object> reject = Imports.rejects(run.getString("id")).get(0);
        assertEquals(1, reject.get("line"));
        assertProblem(reject, "category-cycle", "parent");
        assertEquals(before, Imports.categories());
        model.assertBreadcrumbsEverywhere();
    }

    @Test
    void idsMustMatchTheCategoryTheyName() {
        new Model().add("Jazz", "jazz", null);
        String jazz = Trees.idOf("jazz").toHexString();
        String other = new ObjectId().toHexString();
        JsonPath run = Imports.run(Imports.file(List.of(
                Imports.line(jazz, "jazz", "Jazz", null),                  // 1 its own id: unchanged
                Imports.line(other, "jazz", "Jazz", null),                 // 2 (repeats the slug: the engine's duplicate)
                Imports.line(jazz, "blues", "Blues", null),                // 3 jazz's id for a new slug
                Imports.line(other, "soul", "Soul", null),                 // 4 a new id
                Imports.line(other, "funk", "Funk", null),                 // 5 the same id again
                Imports.line("ABC", "rock", "Rock", null))));              // 6 not an id
        Imports.assertCounts(run, 6, 1, 0, 1, 4);
        Map<Integer, Map<String, Object>> byLine = new java.util.HashMap<>();
        Imports.rejects(run.getString("id")).forEach(r -> byLine.put((Integer) r.get("line"), r));
        assertEquals(Set.of(2, 3, 5, 6), byLine.keySet());
        assertProblem(byLine.get(3), "category-id-conflict", "id");
        assertProblem(byLine.get(5), "category-id-conflict", "id");
        assertProblem(byLine.get(6), "invalid-field", "id");
        given().get("/categories/soul").then().body("id", equalTo(other));

        // a stored slug with another id
        run = Imports.run(Imports.line(new ObjectId().toHexString(), "jazz", "Jazz", null) + "\n");
        Imports.assertCounts(run, 1, 0, 0, 0, 1);
        Map<String, Object> reject = Imports.rejects(run.getString("id")).get(0);
        assertProblem(reject, "category-id-conflict", "id");
        assertTrue(detail(reject).contains(jazz), detail(reject));
    }

    @Test
    void importingTheSameFileAgainChangesNothing() {
        List<String> lines = new ArrayList<>();
        Map<String, String> parents = Trees.wideTree("r", 60, 4);
        parents.forEach((slug, parent) -> lines.add(Imports.line(slug, Trees.nameOf(slug), parent)));
        String file = Imports.file(lines);
        Imports.assertCounts(Imports.run(file), 61, 61, 0, 0, 0);
        List<Document> before = Imports.categories();
        Imports.assertCounts(Imports.run(file), 61, 0, 0, 61, 0);
        assertEquals(before, Imports.categories());
        Trees.assertDatabaseConsistent();
    }

    @Test
    void aChangedParentMovesTheSubtreeAndARenameReachesEveryDescendant() {
        // r ─ r-1 ─ r-4 …, r-2, r-3 (fan-out 3), plus stored categories the file does not name
        Map<String, String> parents = Trees.wideTree("r", 30, 3);
        List<String> lines = new ArrayList<>();
        parents.forEach((slug, parent) -> lines.add(Imports.line(slug, Trees.nameOf(slug), parent)));
        Imports.assertCounts(Imports.run(Imports.file(lines)), 31, 31, 0, 0, 0);
        Model model = new Model();
        model.parent.putAll(parents);
        parents.keySet().forEach(slug -> model.name.put(slug, Trees.nameOf(slug)));
        model.add("Stray", "stray", "r-4").add("Deeper", "deeper", "stray").add("Other", "other", null);

        // r-1 moves under r-3 (with r-4 and what the file does not name below it), r-2 is renamed,
        // r-3 moves under the stored "other"
        List<String> changed = new ArrayList<>();
        parents.forEach((slug, parent) -> changed.add(switch (slug) {
            case "r-1" -> Imports.line(slug, Trees.nameOf(slug), "r-3");
            case "r-2" -> Imports.line(slug, "Renamed", parent);
            case "r-3" -> Imports.line(slug, Trees.nameOf(slug), "other");
            default -> Imports.line(slug, Trees.nameOf(slug), parent);
        }));
        JsonPath run = Imports.run(Imports.file(changed));
        Imports.assertCounts(run, 31, 0, 3, 28, 0);
        model.parent.put("r-1", "r-3");
        model.parent.put("r-3", "other");
        model.name.put("r-2", "Renamed");
        model.assertBreadcrumbsEverywhere();
        given().get("/categories/deeper").then()
                .body("breadcrumbs.slug", equalTo(List.of("other", "r-3", "r-1", "r-4", "stray")));
        Api.verify().then().statusCode(200).body("healthy", equalTo(true)).body("findings.size()", equalTo(0));
    }

    @Test
    void exportThenImportIntoAnEmptyStoreGivesTheSameTreeWithTheSameIds() {
        Model model = new Model();
        Map<String, String> parents = Trees.wideTree("top", 40, 3);
        List<String> lines = new ArrayList<>();
        parents.forEach((slug, parent) -> lines.add(Imports.line(slug, Trees.nameOf(slug), parent)));
        Imports.run(Imports.file(lines));
        model.add("Jazz", "jazz", null).add("Bop", "bop", "jazz").add("Cool \"Jazz\" \u00e9", "cool", "bop");
        Api.move("top-2", "bop").then().statusCode(200);
        Api.rename("jazz", "All That Jazz").then().statusCode(200);
        List<Document> before = Imports.categories();

        String exported = Imports.export();
        List<String> out = exported.lines().toList();
        assertEquals(before.size(), out.size());
        Set<String> seen = new HashSet<>();
        for (String text : out) {
            JsonPath line = JsonPath.from(text);
            assertEquals(Set.of("id", "slug", "name", "parent"), line.getMap("$").keySet(), text);
            String parent = line.getString("parent");
            assertTrue(parent == null || seen.contains(parent), "parent before child: " + text);
            seen.add(line.getString("slug"));
        }

        Trees.reset();
        assertEquals(0, Imports.categories().size());
        Imports.assertCounts(Imports.run(exported), out.size(), out.size(), 0, 0, 0);
        assertEquals(before, Imports.categories(), "the same documents: ids, slugs, names, parents, ancestors");
        assertEquals(exported, Imports.export());
    }

    @Test
    void importAndExportNeedAnAdminToken() {
        new Model().add("Jazz", "jazz", null);
        List<Document> before = Imports.categories();
        String run = Imports.run(Imports.line("blues", "Blues", null) + "\n").getString("id");
        Trees.db().getCollection("categories").deleteOne(new Document("slug", "blues"));
        Map<String, Integer> refused = new java.util.LinkedHashMap<>();
        refused.put("none", 401);
        refused.put(TestTokens.expiredAdmin(), 401);
        refused.put(TestTokens.forgedAdmin(), 401);
        refused.put("not.a.jwt", 401);
        refused.put(TestTokens.withRoles("customer"), 403);
        refused.forEach((token, status) -> {
            for (Response response : List.of(
                    request(token).contentType(Imports.NDJSON).body(Imports.line("soul", "Soul", null).getBytes(java.nio.charset.StandardCharsets.UTF_8)).post("/admin/categories/import"),
                    request(token).get("/admin/categories/export"),
                    request(token).get("/admin/categories/imports"),
                    request(token).get("/admin/categories/imports/" + run),
                    request(token).get("/admin/categories/imports/" + run + "/rejects"))) {
                response.then().statusCode(status).contentType("application/problem+json");
            }
        });
        assertEquals(before, Imports.categories(), "nothing imported by a refused call");
        assertNotEquals(0, before.size());
    }

    private static io.restassured.specification.RequestSpecification request(String token) {
        return token.equals("none") ? given() : given().auth().oauth2(token);
    }

    private static void assertProblem(Map<String, Object> reject, String type, String field) {
        @SuppressWarnings("unchecked")
        Map<String, Object> problem = (Map<String, Object>) reject.get("problem");
        assertEquals("https://problems.shop.example/" + type, problem.get("type"), () -> "problem of " + reject);
        assertEquals(field, problem.get("field"), () -> "field of " + reject);
    }

    private static String detail(Map<String, Object> reject) {
        @SuppressWarnings("unchecked")
        Map<String, Object> problem = (Map<String, Object>) reject.get("problem");
        return String.valueOf(problem.get("detail"));
    }
}

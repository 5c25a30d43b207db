package com.example.shop.category.support;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.mongodb.client.model.Sorts;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;

/** The category import and export as the tests use them (RestAssured against the running service). */
public final class Imports {

    public static final String NDJSON = "application/x-ndjson";
    public static final String BASE = "/admin/categories";

    private Imports() {
    }

    /** One import line; {@code id} and {@code parent} may be null (a null id is left out). */
    public static String line(String id, String slug, String name, String parent) {
        StringBuilder json = new StringBuilder("{");
        if (id != null) {
            json.append("\"id\":\"").append(id).append("\",");
        }
        json.append("\"slug\":\"").append(slug).append("\",\"name\":\"").append(name).append("\",\"parent\":")
                .append(parent == null ? "null" : "\"" + parent + "\"").append('}');
        return json.toString();
    }

    public static String line(String slug, String name, String parent) {
        return line(null, slug, name, parent);
    }

    public static String file(List<String> lines) {
        return String.join("\n", lines) + "\n";
    }

    public static Response post(String body) {
        return given().auth().oauth2(Api.admin()).contentType(NDJSON).body(body.getBytes(StandardCharsets.UTF_8))
                .post(BASE + "/import");
    }

    /** Posts the file, expects 202, waits for the run to end and returns it. */
    public static JsonPath run(String body) {
        String id = post(body).then().statusCode(202).extract().path("id");
        return await(id);
    }

    /** Polls the run until it is no longer running (at most two minutes). */
    public static JsonPath await(String id) {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (true) {
            JsonPath run = given().auth().oauth2(Api.admin()).get(BASE + "/imports/" + id)
                    .then().statusCode(200).extract().jsonPath();
            if (!"running".equals(run.getString("state"))) {
                return run;
            }
            if (System.nanoTime() > deadline) {
                fail("import run " + id + " still running: " + run.prettify());
            }
            try {
                Thread.sleep(100); // each poll verifies a token: do not compete with the run for the CPU
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted");
            }
        }
    }

    /** Asserts the run succeeded with these counts. */
    public static void assertCounts(JsonPath run, long read, long created, long updated, long unchanged, long rejected) {
        assertEquals("succeeded", run.getString("state"), () -> "state of " + run.prettify());
        assertEquals(List.of(read, created, updated, unchanged, rejected),
                List.of(run.getLong("counts.read"), run.getLong("counts.created"), run.getLong("counts.updated"),
                        run.getLong("counts.unchanged"), run.getLong("counts.rejected")),
                () -> "read, created, updated, unchanged, rejected of " + run.prettify());
    }

    /** Every rejected line of the run, all pages. */
    public static List<Map<String, Object>> rejects(String id) {
        List<Map<String, Object>> all = new ArrayList<>();
        String cursor = null;
        do {
            var request = given().auth().oauth2(Api.admin()).queryParam("limit", 2);
            if (cursor != null) {
                request = request.queryParam("cursor", cursor);
            }
            JsonPath page = request.get(BASE + "/imports/" + id + "/rejects").then().statusCode(200).extract().jsonPath();
            all.addAll(page.getList("items"));
            cursor = page.getString("next");
        } while (cursor != null);
        return all;
    }

    public static String export() {
        return given().auth().oauth2(Api.admin()).get(BASE + "/export").then().statusCode(200)
                .contentType(NDJSON).extract().asString();
    }

    /** The stored categories, by id. */
    public static List<Document> categories() {
        return Trees.db().getCollection("categories").find().sort(Sorts.ascending("_id")).into(new ArrayList<>());
    }
}

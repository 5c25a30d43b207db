package com.example.shop.catalog;

import static io.restassured.RestAssured.given;

import com.example.shop.testsupport.TestTokens;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Product bodies and admin requests for the tests. */
final class Fixtures {

    private Fixtures() {
    }

    /** A sku no other test uses. */
    static String sku(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static RequestSpecification admin() {
        return given().auth().oauth2(TestTokens.admin()).contentType(ContentType.JSON);
    }

    static Map<String, Object> album(String sku, String title, String artist, List<String> genre, String issueDate,
                                     long list, long retail) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("title", title);
        details.put("artist", artist);
        details.put("genre", genre);
        details.put("tracks", List.of(title + ", Part I", title + ", Part II"));
        details.put("issue_date", issueDate);
        return product(sku, "Audio Album", title, details, list, retail);
    }

    static Map<String, Object> film(String sku, String title, List<String> actors, List<String> genre,
                                    String issueDate, long list, long retail) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("title", title);
        details.put("director", List.of("Some Director"));
        details.put("writer", List.of("Some Writer"));
        details.put("actor", actors);
        details.put("genre", genre);
        details.put("aspect_ratio", "1.85:1");
        details.put("rating", "R");
        details.put("issue_date", issueDate);
        return product(sku, "Film", title, details, list, retail);
    }

    static Map<String, Object> product(String sku, String type, String title, Map<String, Object> details,
                                       long list, long retail) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sku", sku);
        body.put("type", type);
        body.put("title", title);
        body.put("description", "by the fixture");
        body.put("shipping", Map.of("weight", 170, "dimensions", Map.of("width", 140, "height", 125, "depth", 10)));
        body.put("pricing", new LinkedHashMap<>(Map.of("currency", "USD", "list", list, "retail", retail)));
        body.put("details", details);
        return body;
    }

    /** A minimal valid album. */
    static Map<String, Object> anAlbum(String sku) {
        return album(sku, "A Love Supreme", "John Coltrane", List.of("Jazz", "General"), "1965-02-01", 1200, 1100);
    }

    static void create(Map<String, Object> body) {
        admin().body(body).when().post("/products").then().statusCode(201);
    }
}

package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.album;
import static com.example.shop.catalog.Fixtures.create;
import static com.example.shop.catalog.Fixtures.film;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.catalog.search.lifecycle.IndexBuild;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code inStock} and the {@code availability} facet, fed by {@code POST /internal/availability} (the
 * cart service's transitions): a report is in this replica's listings before it is answered, a late
 * or repeated one changes nothing, the facet is disjunctive like the others (counts checked against
 * counts made in the test), and bad input is a 400 naming the parameter or field.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class AvailabilityListingTest {

    @Inject
    IndexBuild build;

    private static String word() {
        return "Avail" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static JsonPath report(Object... skuAvailableSeq) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = 0; i < skuAvailableSeq.length; i += 3) {
            items.add(Map.of("sku", skuAvailableSeq[i], "available", skuAvailableSeq[i + 1], "seq", skuAvailableSeq[i + 2]));
        }
        return given().contentType(ContentType.JSON).body(Map.of("transitions", items))
                .when().post("/internal/availability").then().statusCode(200).extract().jsonPath();
    }

    private static List<String> skus(String word, String inStock) {
        var request = given().queryParam("titlePrefix", word).queryParam("limit", 100);
        if (inStock != null) {
            request.queryParam("inStock", inStock);
        }
        return request.when().get("/products").then().statusCode(200).extract().jsonPath().getList("items.sku");
    }

    @Test
    void aSellOutHidesTheProductAndARestockBringsItBack() {
        String word = word();
        List<String> skus = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String sku = Fixtures.sku("avail" + i);
            skus.add(sku);
            create(album(sku, word + " " + i, "Someone", List.of("Jazz"), "2020-01-01", 1000, 900));
        }
        assertEquals(skus, skus(word, "true"), "never reported: in stock");
        assertEquals(List.of(), skus(word, "false"));

        assertEquals(1, report(skus.get(1), false, 5).getInt("applied"));
        assertEquals(List.of(skus.get(0), skus.get(2)), skus(word, "true"));
        assertEquals(List.of(skus.get(1)), skus(word, "false"));
        assertEquals(skus, skus(word, null), "without inStock every product is listed");
        given().when().get("/products/" + skus.get(1)).then().statusCode(200).body("sku", equalTo(skus.get(1)));

        assertEquals(1, report(skus.get(1), true, 6).getInt("applied"));
        assertEquals(skus, skus(word, "true"));
    }

    @Test
    void lateRepeatedAndOutOfOrderReportsChangeNothing() {
        String word = word();
        String sku = Fixtures.sku("order");
        create(album(sku, word, "Someone", List.of("Jazz"), "2020-01-01", 1000, 900));
        JsonPath first = report(sku, false, 10);
        assertEquals(1, first.getInt("applied"));
        String tag = given().queryParam("titlePrefix", word).when().get("/products").then().extract().header("ETag");

        JsonPath late = report(sku, true, 9, sku, false, 10);
        assertEquals(0, late.getInt("applied"));
        assertEquals(2, late.getInt("stale"));
        assertEquals(List.of(sku), skus(word, "false"));
        // nothing moved: not even the list's tag
        given().queryParam("titlePrefix", word).header("If-None-Match", tag).when().get("/products").then().statusCode(304);

        // two reports of one sku in one batch: the newer wins, whatever the order
        JsonPath both = report(sku, true, 12, sku, false, 11);
        assertEquals(1, both.getInt("applied"));
        assertEquals(List.of(sku), skus(word, "true"));
    }

    @Test
    void aSkuReportedBeforeItsProductExistsIsListedSoldOutAndARebuildKeepsIt() {
        String word = word();
        String sku = Fixtures.sku("early");
        report(sku, false, 1);
        create(album(sku, word, "Someone", List.of("Jazz"), "2020-01-01", 1000, 900));
        assertEquals(List.of(sku), skus(word, "false"));
        build.rebuild();
        assertEquals(List.of(sku), skus(word, "false"));
        assertEquals(List.of(), skus(word, "true"));
    }

    @Test
    void theAvailabilityFacetIsDisjunctiveAndCountsWhatTheTestCounts() {
        String word = word();
        Random random = new Random(19);
        Map<String, Boolean> soldOut = new TreeMap<>();
        Map<String, String> typeOf = new HashMap<>();
        Map<String, String> genreOf = new HashMap<>();
        List<Object> reports = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String sku = Fixtures.sku("facet" + i);
            String genre = random.nextBoolean() ? "Jazz" : "Blues";
            if (random.nextBoolean()) {
                create(album(sku, word + " " + i, "Someone", List.of(genre), "2020-01-01", 1000, 900));
                typeOf.put(sku, "Audio Album");
            } else {
                create(film(sku, word + " " + i, List.of("Someone"), List.of(genre), "2020-01-01", 1000, 900));
                typeOf.put(sku, "Film");
            }
            genreOf.put(sku, genre);
            boolean out = random.nextInt(3) == 0;
            soldOut.put(sku, out);
            if (out || random.nextBoolean()) { // some in-stock ones were reported too (a restock), some never
                reports.addAll(List.of(sku, !out, 1 + random.nextInt(100)));
            }
        }
        report(reports.toArray());

        for (String inStock : new String[] {null, "true", "false"}) {
            for (String genre : new String[] {null, "Jazz"}) {
                var request = given().queryParam("titlePrefix", word).queryParam("facets", "availability,type,genre")
                        .queryParam("limit", 100);
                if (inStock != null) {
                    request.queryParam("inStock", inStock);
                }
                if (genre != null) {
                    request.queryParam("genre", genre);
                }
                JsonPath answer = request.when().get("/products").then().statusCode(200).extract().jsonPath();

                // the availability facet ignores inStock, applies genre
                long in = soldOut.keySet().stream().filter(s -> genre == null || genre.equals(genreOf.get(s)))
                        .filter(s -> !soldOut.get(s)).count();
                long out = soldOut.keySet().stream().filter(s -> genre == null || genre.equals(genreOf.get(s)))
                        .filter(soldOut::get).count();
                List<Map<String, Object>> expected = List.of(Map.of("value", "in-stock", "count", (int) in),
                        Map.of("value", "sold-out", "count", (int) out));
                assertEquals(expected, answer.getList("facets.availability"), "inStock=" + inStock + " genre=" + genre);

                // the type facet applies inStock and genre
                Map<String, Integer> types = new TreeMap<>();
                TreeSet<String> listed = new TreeSet<>();
                for (String sku : soldOut.keySet()) {
                    boolean passes = (genre == null || genre.equals(genreOf.get(sku)))
                            && (inStock == null || Boolean.parseBoolean(inStock) != soldOut.get(sku));
                    if (passes) {
                        types.merge(typeOf.get(sku), 1, Integer::sum);
                        listed.add(sku);
                    }
                }
                Map<String, Integer> shownTypes = new TreeMap<>();
                for (Map<String, Object> value : answer.<Map<String, Object>>getList("facets.type")) {
                    shownTypes.put((String) value.get("value"), (Integer) value.get("count"));
                }
                assertEquals(types, shownTypes, "inStock=" + inStock + " genre=" + genre);
                assertEquals(new ArrayList<>(listed), answer.getList("items.sku"));
            }
        }
    }

    @Test
    void badInputIsA400NamingTheParameterOrField() {
        for (String bad : new String[] {"maybe", "TRUE", "1", ""}) {
            given().queryParam("inStock", bad).when().get("/products").then().statusCode(400)
                    .body("field", equalTo("inStock"));
        }
        given().when().get("/products?inStock=true&inStock=false").then().statusCode(400).body("field", equalTo("inStock"));
        given().queryParam("facets", "availability,nope").when().get("/products").then().statusCode(400)
                .body("field", equalTo("facets"));

        Map<String, Object> good = new LinkedHashMap<>(Map.of("sku", "ok-sku", "available", false, "seq", 1));
        List<Map<String, Object>> bodies = new ArrayList<>();
        Map<String, Object> badSku = new LinkedHashMap<>(good);
        badSku.put("sku", "bad$sku");
        bodies.add(badSku);
        Map<String, Object> negative = new LinkedHashMap<>(good);
        negative.put("seq", -1);
        bodies.add(negative);
        Map<String, Object> noAvailable = new LinkedHashMap<>(good);
        noAvailable.remove("available");
        bodies.add(noAvailable);
        Map<String, Object> stringSeq = new LinkedHashMap<>(good);
        stringSeq.put("seq", "1");
        bodies.add(stringSeq);
        Map<String, Object> extra = new LinkedHashMap<>(good);
        extra.put("qty", 3);
        bodies.add(extra);
        for (Map<String, Object> item : bodies) {
            given().contentType(ContentType.JSON).body(Map.of("transitions", List.of(item)))
                    .when().post("/internal/availability").then().statusCode(400);
        }
        given().contentType(ContentType.JSON).body(Map.of()).when().post("/internal/availability").then().statusCode(400);
        List<Map<String, Object>> tooMany = new ArrayList<>();
        for (int i = 0; i < 1001; i++) {
            tooMany.add(Map.of("sku", "many-" + i, "available", false, "seq", 1));
        }
        given().contentType(ContentType.JSON).body(Map.of("transitions", tooMany)).when().post("/internal/availability")
                .then().statusCode(400);
        // nothing of it was taken
        given().queryParam("inStock", "false").queryParam("titlePrefix", "ok-sku").when().get("/products").then()
                .statusCode(200);
    }
}

package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.sku;
import static com.example.shop.catalog.ProductImportTest.finished;
import static com.example.shop.catalog.ProductImportTest.lines;
import static com.example.shop.catalog.ProductImportTest.upload;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Products with variants through the bulk import and export. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class VariantImportTest {

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> variantsOf(Map<String, Object> body) {
        return (List<Map<String, Object>>) body.get("variants");
    }

    @Test
    void aBadVariantIsRejectedWithItsLineAndFieldAndTheRestGoesOn() throws Exception {
        String owner = sku("imp-owner");
        admin().body(VariantsTest.shirt(owner, "S", "black")).when().post("/products").then().statusCode(201);

        String prefix = sku("imp-var");
        Map<String, Object> badSku = VariantsTest.shirt(prefix + "-bad", "S", "black", "M", "black", "L", "black");
        variantsOf(badSku).get(2).put("sku", "not a sku");
        Map<String, Object> taken = VariantsTest.shirt(prefix + "-taken", "S", "black", "M", "black");
        variantsOf(taken).get(1).put("sku", owner + "-S-black");
        Map<String, Object> twice = VariantsTest.shirt(prefix + "-twice", "S", "black", "S", "black");
        variantsOf(twice).get(1).put("sku", prefix + "-twice-other");

        JsonPath run = finished(upload(lines(List.of(VariantsTest.shirt(prefix + "-good", "S", "white", "M", "white"),
                badSku, taken, twice, VariantsTest.shirt(prefix + "-also-good", "L", "white")))));
        assertEquals("succeeded", run.getString("state"), run.prettify());
        assertEquals(2, run.getLong("counts.created"), run.prettify());
        assertEquals(3, run.getLong("counts.rejected"), run.prettify());

        Map<Integer, Map<String, Object>> byLine = new HashMap<>();
        for (Map<String, Object> reject : admin().when().get("/admin/catalog/imports/" + run.getString("id") + "/rejects")
                .then().statusCode(200).extract().jsonPath().<Map<String, Object>>getList("items")) {
            byLine.put((Integer) reject.get("line"), reject);
        }
        assertEquals(List.of(2, 3, 4), byLine.keySet().stream().sorted().toList());
        assertProblem(byLine.get(2), "invalid-variant", "variants[2].sku");
        assertProblem(byLine.get(3), "duplicate-sku", "variants[1].sku");
        assertProblem(byLine.get(4), "invalid-variant", "variants[1].options");

        given().when().get("/products/" + prefix + "-good-M-white").then().statusCode(200)
                .body("sku", equalTo(prefix + "-good"));
        given().when().get("/products/" + prefix + "-also-good").then().statusCode(200);
        given().when().get("/products/" + prefix + "-taken").then().statusCode(404);
        given().when().get("/products/" + owner + "-S-black").then().body("sku", equalTo(owner));
    }

    @Test
    void anExportImportsBackToTheSameProducts() throws Exception {
        String key = sku("imp-round");
        Map<String, Object> shirt = VariantsTest.shirt(key, "S", "black", "M", "black", "L", "white");
        variantsOf(shirt).get(1).put("pricing", Map.of("currency", "USD", "list", 2500, "retail", 2200));
        variantsOf(shirt).get(1).put("details", Map.of("material", "linen"));
        admin().body(shirt).when().post("/products").then().statusCode(201);
        admin().header("If-Match", "1").when().delete("/products/" + key + "/variants/" + key + "-S-black")
                .then().statusCode(200);
        Map<String, Object> before = given().when().get("/products/" + key).then().statusCode(200)
                .extract().jsonPath().getMap("$");

        byte[] export = admin().when().get("/admin/catalog/export").then().statusCode(200).extract().asByteArray();
        String line = Arrays.stream(new String(export, StandardCharsets.UTF_8).split("\n"))
                .filter(l -> l.contains("\"sku\":\"" + key + "\"")).findFirst().orElseThrow();
        assertTrue(line.contains("\"variants\"") && line.contains("\"retired\":true"), line);

        admin().when().delete("/products/" + key).then().statusCode(204);
        given().when().get("/products/" + key + "-M-black").then().statusCode(404);
        JsonPath run = finished(upload((line + "\n").getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, run.getLong("counts.created"), run.prettify());

        Map<String, Object> after = given().when().get("/products/" + key).then().statusCode(200)
                .extract().jsonPath().getMap("$");
        assertEquals(2, before.remove("version"));
        assertEquals(1, after.remove("version"));
        assertEquals(before, after);

        JsonPath again = finished(upload((line + "\n").getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, again.getLong("counts.unchanged"), again.prettify());
    }

    @SuppressWarnings("unchecked")
    private static void assertProblem(Map<String, Object> reject, String slug, String field) {
        Map<String, Object> problem = (Map<String, Object>) reject.get("problem");
        assertTrue(String.valueOf(problem.get("type")).endsWith("/" + slug), reject.toString());
        assertEquals(field, problem.get("field"), reject.toString());
    }
}

package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.sku;
import static com.example.shop.catalog.ProductImportTest.finished;
import static com.example.shop.catalog.ProductImportTest.lines;
import static com.example.shop.catalog.ProductImportTest.poll;
import static com.example.shop.catalog.ProductImportTest.upload;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.support.ArmedSeams;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** Products with variants through the bulk import and export. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class VariantImportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

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

    /**
     * ProductImportTest's kill, on products with variants: the run dies after its second batch (the
     * first finishes meanwhile in the other writer), and the same file again must leave every
     * variant sku in exactly one product, each product with the file's variants and nothing more.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aRunOfProductsWithVariantsCutOffByAKillIsCompletedByTheSameFileWithEachVariantOnce() throws Exception {
        String prefix = sku("imp-var-kill");
        int count = 3000; // three batches of the import: the kill comes once two are written
        List<Map<String, Object>> products = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> shirt = VariantsTest.shirt(prefix + "-" + i, "S", "black", "M", "black", "L", "white");
            if (i % 2 == 0) { // a price of its own, which the rerun must leave as the first run wrote it
                variantsOf(shirt).get(1).put("pricing", new LinkedHashMap<>(Map.of("currency", "USD", "list", 2500, "retail", 2000 + i % 100)));
            }
            products.add(shirt);
        }
        byte[] file = lines(products);
        ArmedSeams.killAfterLine(1001);
        String id = upload(file).then().statusCode(202).extract().jsonPath().getString("id");

        JsonPath cut = poll(id, 60);
        assertEquals("failed", cut.getString("state"), "a run whose process died is failed, not running forever");

        JsonPath rerun = finished(upload(file));
        assertEquals("succeeded", rerun.getString("state"), rerun.prettify());
        assertEquals(0, rerun.getLong("counts.rejected"), rerun.prettify());
        assertEquals(count, rerun.getLong("counts.created") + rerun.getLong("counts.unchanged"), rerun.prettify());
        assertTrue(rerun.getLong("counts.unchanged") >= 2000, "the two batches written before the kill are found: " + rerun.prettify());

        // which product holds a sku is what the API cannot show: the stored skus, of every product holding one of the file's
        Map<String, List<String>> skusOf = new HashMap<>();
        for (Map<String, Object> product : products) {
            List<String> skus = new ArrayList<>(List.of((String) product.get("sku")));
            variantsOf(product).forEach(variant -> skus.add((String) variant.get("sku")));
            skusOf.put((String) product.get("sku"), skus);
        }
        Set<String> fileSkus = new HashSet<>();
        skusOf.values().forEach(fileSkus::addAll);
        // by _id: the embedded server answers a document once per sku of the $in it holds, MongoDB once
        Map<Object, Document> holding = new HashMap<>();
        for (Document stored : TestDatabase.database("catalog").getCollection("products")
                .find(Filters.in("skus", fileSkus)).projection(Projections.include("sku", "skus"))) {
            holding.put(stored.get("_id"), stored);
        }
        Map<String, Integer> holders = new HashMap<>();
        Set<String> keys = new HashSet<>();
        for (Document stored : holding.values()) {
            String key = stored.getString("sku");
            assertTrue(keys.add(key), "one product per key: " + key);
            assertEquals(skusOf.get(key), stored.getList("skus", String.class), "the file's skus and nothing else: " + key);
            stored.getList("skus", String.class).forEach(sku -> holders.merge(sku, 1, Integer::sum));
        }
        assertEquals(skusOf.keySet(), keys, "every product of the file, and no other holding its skus");
        assertEquals(fileSkus, holders.keySet());
        assertEquals(List.of(), holders.entrySet().stream().filter(e -> e.getValue() != 1).map(Map.Entry::getKey).toList(),
                "no sku in two products");
        assertEquals(count, TestDatabase.database("catalog").getCollection("products")
                .countDocuments(Filters.regex("sku", "^" + prefix + "-")));

        for (int i = 0; i < count; i++) { // each product by one of its variants, a different one from product to product
            Map<String, Object> product = products.get(i);
            String selected = (String) variantsOf(product).get(i % 3).get("sku");
            // read with Jackson: RestAssured's JsonPath costs ten times the request itself
            Map<String, Object> shown = JSON.readValue(given().when().get("/products/" + selected).then().statusCode(200)
                    .extract().asByteArray(), new TypeReference<>() { });
            assertEquals(product.get("sku"), shown.get("sku"), selected);
            assertEquals(selected, shown.get("selected"));
            assertEquals(variantsAsImported(product), variantsAsShown((List<Map<String, Object>>) shown.get("variants")), selected);
        }
    }

    /** The variants of a line: sku, option values and the pricing in effect (the product's, unless its own). */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> variantsAsImported(Map<String, Object> product) {
        List<Map<String, Object>> variants = new ArrayList<>();
        for (Map<String, Object> variant : variantsOf(product)) {
            Object pricing = variant.getOrDefault("pricing", product.get("pricing"));
            variants.add(Map.of("sku", variant.get("sku"), "options", variant.get("options"),
                    "pricing", price((Map<String, Object>) pricing)));
        }
        return variants;
    }

    /** The same of a product as GET shows it (which adds savings and availability). */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> variantsAsShown(List<Map<String, Object>> shown) {
        return shown.stream().map(variant -> Map.of("sku", variant.get("sku"), "options", variant.get("options"),
                "pricing", price((Map<String, Object>) variant.get("pricing")))).toList();
    }

    private static Map<String, Object> price(Map<String, Object> pricing) {
        return Map.of("currency", pricing.get("currency"), "list", ((Number) pricing.get("list")).longValue(),
                "retail", ((Number) pricing.get("retail")).longValue());
    }

    @SuppressWarnings("unchecked")
    private static void assertProblem(Map<String, Object> reject, String slug, String field) {
        Map<String, Object> problem = (Map<String, Object>) reject.get("problem");
        assertTrue(String.valueOf(problem.get("type")).endsWith("/" + slug), reject.toString());
        assertEquals(field, problem.get("field"), reject.toString());
    }
}

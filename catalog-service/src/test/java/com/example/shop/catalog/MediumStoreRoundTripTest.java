package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.model.Filters;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export a store, import it into a platform without it, and the two stores are the same: on the
 * whole medium seed profile (24,000 products of every type), compared product by product as the
 * export shows them (every field a GET shows but the version).
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class MediumStoreRoundTripTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    MongoClient mongo;

    @ConfigProperty(name = "quarkus.mongodb.database")
    String database;

    @Test
    void exportThenImportIntoAStoreWithoutThemGivesTheSameProducts(@TempDir Path dir) throws Exception {
        com.example.shop.seed.Main.main(new String[] {"--profile", "medium", "--seed", "4242", "--out", dir.toString()});
        byte[] seedFile = Files.readAllBytes(dir.resolve("products.ndjson"));
        Set<String> skus = new HashSet<>();
        for (String line : lines(seedFile)) {
            skus.add(JSON.readTree(line).get("sku").asText());
        }
        assertEquals(24_000, skus.size());

        JsonPath first = ProductImportTest.finished(ProductImportTest.upload(seedFile), 300);
        assertEquals(24_000, first.getLong("counts.created"), first.prettify());
        Map<String, JsonNode> before = exported(skus);
        assertEquals(24_000, before.size());

        // The same platform without these products: what an empty platform holds of them
        List<String> all = new ArrayList<>(skus);
        for (int i = 0; i < all.size(); i += 1000) {
            mongo.getDatabase(database).getCollection("products")
                    .deleteMany(Filters.in("sku", all.subList(i, Math.min(all.size(), i + 1000))));
        }
        assertEquals(0, exported(skus).size());

        StringBuilder file = new StringBuilder();
        before.values().forEach(product -> file.append(product).append('\n'));
        JsonPath second = ProductImportTest.finished(ProductImportTest.upload(file.toString().getBytes(StandardCharsets.UTF_8)), 300);
        assertEquals(24_000, second.getLong("counts.created"), second.prettify());
        assertEquals(0, second.getLong("counts.rejected"));

        Map<String, JsonNode> after = exported(skus);
        assertEquals(before.keySet(), after.keySet());
        for (String sku : before.keySet()) {
            assertEquals(before.get(sku), after.get(sku), sku);
        }
    }

    /** The exported products among these skus, by sku. */
    private static Map<String, JsonNode> exported(Set<String> skus) throws Exception {
        byte[] export = admin().when().get("/admin/catalog/export").then().statusCode(200).extract().asByteArray();
        Map<String, JsonNode> products = new HashMap<>();
        for (String line : lines(export)) {
            JsonNode product = JSON.readTree(line);
            if (skus.contains(product.get("sku").asText())) {
                products.put(product.get("sku").asText(), product);
            }
        }
        return products;
    }

    private static List<String> lines(byte[] ndjson) {
        List<String> lines = new ArrayList<>();
        for (String line : new String(ndjson, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                lines.add(line);
            }
        }
        return lines;
    }
}

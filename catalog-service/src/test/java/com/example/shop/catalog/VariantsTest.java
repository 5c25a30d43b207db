package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.anAlbum;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.PublishedSchema;
import com.example.shop.testsupport.TestDatabase;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** Products with variants through the real endpoints (docs/design.md#variants). */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class VariantsTest {

    /** A t-shirt in sizes S, M, L and colours black, white, with one variant per given (size, colour). */
    static Map<String, Object> shirt(String key, String... sizeColour) {
        Map<String, Object> body = Fixtures.product(key, "Apparel", "Plain shirt " + key,
                new LinkedHashMap<>(Map.of("brand", "Acme", "material", "cotton")), 2000, 1500);
        body.put("options", new ArrayList<>(List.of(Map.of("name", "size", "values", List.of("S", "M", "L")),
                Map.of("name", "colour", "values", List.of("black", "white")))));
        List<Map<String, Object>> variants = new ArrayList<>();
        for (int i = 0; i < sizeColour.length; i += 2) {
            variants.add(variant(key + "-" + sizeColour[i] + "-" + sizeColour[i + 1], sizeColour[i], sizeColour[i + 1]));
        }
        body.put("variants", variants);
        return body;
    }

    static Map<String, Object> variant(String sku, String size, String colour) {
        Map<String, Object> variant = new LinkedHashMap<>();
        variant.put("sku", sku);
        variant.put("options", new LinkedHashMap<>(Map.of("size", size, "colour", colour)));
        return variant;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> variantsOf(Map<String, Object> body) {
        return (List<Map<String, Object>>) body.get("variants");
    }

    @Test
    void aProductIsFoundByItsKeyAndByEachVariantSku() {
        String key = sku("shirt");
        admin().body(shirt(key, "S", "black", "M", "black", "L", "white")).when().post("/products")
                .then().statusCode(201)
                .body("options[0].name", equalTo("size")).body("options[1].values", equalTo(List.of("black", "white")))
                .body("variants.size()", equalTo(3)).body("max_per_cart_scope", equalTo("variant"));

        given().when().get("/products/" + key).then().statusCode(200)
                .body("sku", equalTo(key)).body("$", not(hasKey("selected")))
                .body("variants.sku", equalTo(List.of(key + "-S-black", key + "-M-black", key + "-L-white")))
                .body("variants[1].options.size", equalTo("M"))
                .body("variants[1].pricing.retail", equalTo(1500)).body("variants[1].pricing.savings", equalTo(500))
                .body("variants[1].available", equalTo(true)).body("variants[1]", not(hasKey("details")))
                .body("variants[1]", not(hasKey("retired")));

        given().when().get("/products/" + key + "-M-black").then().statusCode(200)
                .header("ETag", "\"1\"").body("sku", equalTo(key)).body("selected", equalTo(key + "-M-black"));
        given().when().get("/products/" + key + "-M-white").then().statusCode(404);
    }

    @Test
    void aProductWithoutOptionsAnswersItsOneVariantAndTakesItBack() {
        String sku = sku("plain");
        Fixtures.create(anAlbum(sku));
        Map<String, Object> shown = given().when().get("/products/" + sku).then().statusCode(200)
                .body("options", equalTo(List.of())).body("variants.size()", equalTo(1))
                .body("variants[0].sku", equalTo(sku)).body("variants[0].options", equalTo(Map.of()))
                .body("variants[0].available", equalTo(true))
                .extract().jsonPath().getMap("$");
        admin().header("If-Match", "1").body(shown).when().put("/products/" + sku).then().statusCode(200)
                .body("version", equalTo(2));

        Map<String, Object> two = anAlbum(sku("plain"));
        two.put("variants", List.of(Map.of("sku", two.get("sku"), "options", Map.of()), Map.of("sku", "other-x", "options", Map.of())));
        admin().body(two).when().post("/products").then().statusCode(422).body("field", equalTo("variants"));
    }

    @Test
    void badOptionsAndVariantsAreRefusedNamingTheFieldAndChangeNothing() {
        String other = sku("taken");
        admin().body(shirt(other, "S", "black")).when().post("/products").then().statusCode(201);

        String key = sku("bad");
        Map<String, Object> sameCombination = shirt(key, "S", "black", "M", "white", "S", "black");
        variantsOf(sameCombination).get(2).put("sku", key + "-again");
        Map<String, Object> unknownValue = shirt(key, "S", "black", "XL", "white");
        Map<String, Object> notTheTypes = shirt(key, "S", "black");
        ((List<Map<String, Object>>) notTheTypes.get("options")).set(0, Map.of("name", "size", "values", List.of("S", "M", "XXXL")));
        Map<String, Object> undeclared = shirt(key, "S", "black");
        undeclared.put("options", List.of(Map.of("name", "size", "values", List.of("S")), Map.of("name", "fit", "values", List.of("slim"))));
        Map<String, Object> missing = shirt(key, "S", "black", "M", "white");
        ((Map<String, Object>) variantsOf(missing).get(1).get("options")).remove("colour");
        Map<String, Object> unknownName = shirt(key, "S", "black", "M", "white");
        ((Map<String, Object>) variantsOf(unknownName).get(1).get("options")).put("fit", "slim");
        Map<String, Object> badSku = shirt(key, "S", "black", "M", "black", "L", "black");
        variantsOf(badSku).get(2).put("sku", "-no good");
        Map<String, Object> skuTwice = shirt(key, "S", "black", "M", "black");
        variantsOf(skuTwice).get(1).put("sku", key + "-S-black");
        Map<String, Object> badVariantPrice = shirt(key, "S", "black", "M", "black");
        variantsOf(badVariantPrice).get(1).put("pricing", Map.of("currency", "USD", "list", 100, "retail", 200));
        Map<String, Object> badVariantDetails = shirt(key, "S", "black", "M", "black");
        variantsOf(badVariantDetails).get(1).put("details", Map.of("brand", 7));
        Map<String, Object> tooMany = shirt(key);
        List<String> colours = new ArrayList<>();
        for (int c = 0; c < 17; c++) {
            colours.add("colour" + c);
        }
        tooMany.put("options", List.of(Map.of("name", "size", "values", List.of("XS", "S", "M", "L", "XL", "XXL")),
                Map.of("name", "colour", "values", colours)));
        List<Map<String, Object>> many = new ArrayList<>();
        for (String size : List.of("XS", "S", "M", "L", "XL", "XXL")) {
            for (String colour : colours) {
                if (many.size() < 101) {
                    many.add(variant(key + "-" + many.size(), size, colour));
                }
            }
        }
        tooMany.put("variants", many);
        Map<String, Object> usedElsewhere = shirt(key, "S", "black", "M", "black");
        variantsOf(usedElsewhere).get(1).put("sku", other + "-S-black");
        Map<String, Object> keyUsedElsewhere = shirt(other + "-S-black", "M", "black");
        Map<String, Object> noValues = shirt(key, "S", "black");
        ((List<Map<String, Object>>) noValues.get("options")).set(1, Map.of("name", "colour", "values", List.of()));
        Map<String, Object> valueTwice = shirt(key, "S", "black");
        ((List<Map<String, Object>>) valueTwice.get("options")).set(1, Map.of("name", "colour", "values", List.of("black", "black")));

        List<Document> before = TestDatabase.snapshot("catalog");
        refused(sameCombination, 422, "variants[2].options", "variants[0]");
        refused(unknownValue, 422, "variants[1].options.size", "XL");
        refused(notTheTypes, 422, "options[0].values[2]", "XXXL");
        refused(undeclared, 422, "options[1].name", "fit");
        refused(missing, 422, "variants[1].options.colour", "missing");
        refused(unknownName, 422, "variants[1].options.fit", "fit");
        refused(badSku, 422, "variants[2].sku", "variants[2].sku");
        refused(skuTwice, 422, "variants[1].sku", "variants[0]");
        refused(badVariantPrice, 400, "variants[1].pricing.retail", "variants[1].pricing.retail");
        refused(badVariantDetails, 400, "variants[1].details.brand", "variants[1].details.brand");
        refused(tooMany, 422, "variants", "at most 100");
        refused(usedElsewhere, 409, "variants[1].sku", other);
        refused(keyUsedElsewhere, 409, "sku", other);
        refused(noValues, 422, "options[1].values", "1 to 100 values");
        refused(valueTwice, 422, "options[1].values[1]", "twice");
        assertEquals(before, TestDatabase.snapshot("catalog"), "a refused body changes nothing");
        given().when().get("/products/" + key).then().statusCode(404);
    }

    private static void refused(Map<String, Object> body, int status, String field, String detail) {
        admin().body(body).when().post("/products").then().statusCode(status)
                .contentType("application/problem+json").body("field", equalTo(field))
                .body("detail", containsString(detail));
    }

    @Test
    void variantsAreAddedChangedAndRetiredThroughTheProductsWritePath() {
        String key = sku("edit");
        String title = "Plain shirt " + key;
        admin().body(shirt(key, "S", "black", "M", "black")).when().post("/products").then().statusCode(201);

        admin().header("If-Match", "1").body(variant(key + "-L-white", "L", "white"))
                .when().post("/products/" + key + "/variants").then().statusCode(200).header("ETag", "\"2\"")
                .body("variants.size()", equalTo(3)).body("variants[2].available", equalTo(true));
        admin().header("If-Match", "1").body(variant(key + "-L-black", "L", "black"))
                .when().post("/products/" + key + "/variants").then().statusCode(412).body("currentVersion", equalTo(2));
        admin().header("If-Match", "2").body(variant(key + "-XL", "XL", "black"))
                .when().post("/products/" + key + "/variants").then().statusCode(422).body("field", equalTo("options.size"));
        admin().header("If-Match", "2").body(variant(key + "-dup", "S", "black"))
                .when().post("/products/" + key + "/variants").then().statusCode(422).body("field", equalTo("options"));
        String other = sku("edit-other");
        Fixtures.create(anAlbum(other));
        admin().header("If-Match", "2").body(variant(other, "L", "black"))
                .when().post("/products/" + key + "/variants").then().statusCode(409).body("field", equalTo("sku"));

        Map<String, Object> dearer = variant(key + "-M-black", "M", "white");
        dearer.put("pricing", Map.of("currency", "USD", "list", 2500, "retail", 2400));
        dearer.put("details", Map.of("material", "linen"));
        admin().header("If-Match", "2").body(dearer).when().put("/products/" + key + "/variants/" + key + "-M-black")
                .then().statusCode(200).header("ETag", "\"3\"")
                .body("variants[1].options.colour", equalTo("white")).body("variants[1].pricing.retail", equalTo(2400))
                .body("variants[1].details", equalTo(Map.of("material", "linen"))).body("pricing.retail", equalTo(1500));
        admin().header("If-Match", "3").body(variant(key + "-nope", "M", "black"))
                .when().put("/products/" + key + "/variants/" + key + "-nope").then().statusCode(404);

        admin().header("If-Match", "3").when().delete("/products/" + key + "/variants/" + key + "-S-black")
                .then().statusCode(200).header("ETag", "\"4\"").body("variants[0].retired", equalTo(true));
        given().when().get("/products/" + key + "-S-black").then().statusCode(200)
                .body("selected", equalTo(key + "-S-black")).body("variants[0].retired", equalTo(true));
        admin().header("If-Match", "4").when().delete("/products/" + key + "/variants/" + key + "-M-black")
                .then().statusCode(200).header("ETag", "\"5\"");
        admin().header("If-Match", "5").when().delete("/products/" + key + "/variants/" + key + "-L-white")
                .then().statusCode(409).body("type", endsWith("/variant-conflict"));
        // a retired sku stays taken
        admin().body(shirt(sku("edit-reuse"), "S", "black")).when().post("/products").then().statusCode(201);
        Map<String, Object> reuse = shirt(sku("edit-reuse"), "S", "black");
        variantsOf(reuse).get(0).put("sku", key + "-S-black");
        admin().body(reuse).when().post("/products").then().statusCode(409).body("field", equalTo("variants[0].sku"));

        // the listing follows every variant write (the search index took the product at version 5) and
        // lists only the variant still sold
        given().queryParam("title", title).when().get("/products").then().statusCode(200)
                .body("items[0].version", equalTo(5)).body("items[0].variants.size()", equalTo(1))
                .body("items[0].variants[0].sku", equalTo(key + "-L-white"))
                .body("items[0].variants[0]", not(hasKey("retired")));

        admin().header("If-Match", "1").when().delete("/products/" + other + "/variants/" + other)
                .then().statusCode(409).body("type", endsWith("/variant-conflict"));
    }

    @Test
    void aProductWithVariantsComesBackFromGetThroughPutAndKeepsEveryVariant() {
        String key = sku("put");
        Map<String, Object> body = shirt(key, "S", "black", "M", "black");
        variantsOf(body).get(1).put("pricing", Map.of("currency", "USD", "list", 2500, "retail", 2400));
        admin().body(body).when().post("/products").then().statusCode(201);
        Map<String, Object> shown = given().when().get("/products/" + key + "-M-black").then().statusCode(200)
                .extract().jsonPath().getMap("$");
        admin().header("If-Match", "1").body(shown).when().put("/products/" + key).then().statusCode(200)
                .body("version", equalTo(2)).body("variants[0].pricing.retail", equalTo(1500))
                .body("variants[1].pricing.retail", equalTo(2400));

        body.put("variants", List.of(variantsOf(body).get(0)));
        admin().header("If-Match", "2").body(body).when().put("/products/" + key).then().statusCode(422)
                .body("field", equalTo("variants")).body("detail", containsString(key + "-M-black"));
        body.remove("options");
        body.remove("variants");
        admin().header("If-Match", "2").body(body).when().put("/products/" + key).then().statusCode(422)
                .body("field", equalTo("variants"));
        given().when().get("/products/" + key).then().body("version", equalTo(2)).body("variants.size()", equalTo(2));
    }

    @Test
    void theBuiltInTypesDeclareTheirOptions() {
        given().when().get("/product-types/Apparel").then().statusCode(200)
                .body("options[0].name", equalTo("size"))
                .body("options[0].values", equalTo(List.of("XS", "S", "M", "L", "XL", "XXL")))
                .body("options[1].name", equalTo("colour")).body("options[1]", not(hasKey("values")));
        given().when().get("/product-types/Audio Album").then().statusCode(200)
                .body("options[0].name", equalTo("format")).body("options[0].values", equalTo(List.of("CD", "Vinyl", "Digital")));

        String album = sku("formats");
        Map<String, Object> formats = anAlbum(album);
        formats.put("options", List.of(Map.of("name", "format", "values", List.of("CD", "Vinyl"))));
        Map<String, Object> vinyl = new LinkedHashMap<>(Map.of("sku", album + "-lp", "options", Map.of("format", "Vinyl")));
        vinyl.put("pricing", Map.of("currency", "USD", "list", 3000, "retail", 2800));
        formats.put("variants", List.of(Map.of("sku", album + "-cd", "options", Map.of("format", "CD")), vinyl));
        admin().body(formats).when().post("/products").then().statusCode(201)
                .body("variants[1].pricing.retail", equalTo(2800)).body("variants[0].pricing.retail", equalTo(1100));

        Map<String, Object> cassette = anAlbum(sku("formats"));
        cassette.put("options", List.of(Map.of("name", "format", "values", List.of("CD", "Vinyl", "Cassette"))));
        cassette.put("variants", List.of(Map.of("sku", cassette.get("sku"), "options", Map.of("format", "CD"))));
        refused(cassette, 422, "options[0].values[2]", "Cassette");

        Map<String, Object> anyColour = shirt(sku("colours"));
        anyColour.put("options", List.of(Map.of("name", "colour", "values", List.of("heather grey"))));
        anyColour.put("variants", List.of(Map.of("sku", anyColour.get("sku") + "-grey", "options", Map.of("colour", "heather grey"))));
        admin().body(anyColour).when().post("/products").then().statusCode(201);
    }

    @Test
    void aTypeDeclaresOptionsWithDistinctValues() {
        String name = "Poster " + sku("t");
        Map<String, Object> type = new LinkedHashMap<>();
        type.put("name", name);
        type.put("attributes", List.of(Map.of("name", "artist", "type", "string")));
        type.put("options", List.of(Map.of("name", "size", "values", List.of("A3", "A2")), Map.of("name", "Frame")));
        admin().body(type).when().post("/product-types").then().statusCode(400).body("field", equalTo("options[1].name"));
        type.put("options", List.of(Map.of("name", "size", "values", List.of("A3", "A3"))));
        admin().body(type).when().post("/product-types").then().statusCode(400).body("field", equalTo("options[0].values[1]"));
        type.put("options", List.of(Map.of("name", "size", "values", List.of("A3", " "))));
        admin().body(type).when().post("/product-types").then().statusCode(400).body("field", equalTo("options[0].values[1]"));
        type.put("options", List.of(Map.of("name", "size", "values", List.of("A3", "A2")), Map.of("name", "frame")));
        type.put("max_per_cart_scope", "shelf");
        admin().body(type).when().post("/product-types").then().statusCode(400).body("field", equalTo("max_per_cart_scope"));
        type.put("max_per_cart_scope", "product");
        admin().body(type).when().post("/product-types").then().statusCode(201);

        String key = sku("poster");
        Map<String, Object> poster = Fixtures.product(key, name, "A poster", Map.of("artist", "X"), 500, 500);
        poster.put("options", List.of(Map.of("name", "size", "values", List.of("A3")), Map.of("name", "frame", "values", List.of("oak"))));
        poster.put("variants", List.of(Map.of("sku", key + "-a3", "options", Map.of("size", "A3", "frame", "oak"))));
        admin().body(poster).when().post("/products").then().statusCode(201).body("max_per_cart_scope", equalTo("product"));
    }

    /** Every variant answer, the listing holding a product with variants, and the refusals are as the document says. */
    @Test
    void theVariantAnswersAreTheDocumentedOnes() {
        PublishedSchema document = PublishedSchema.ofTheServiceUnderTest().closed();
        String key = sku("doc");
        document.assertConforms("POST", "/products", admin().body(shirt(key, "S", "black", "M", "black")).when().post("/products"));
        document.assertConforms("GET", "/products/{sku}", given().when().get("/products/" + key + "-M-black"));
        document.assertConforms("POST", "/products/{key}/variants", admin().header("If-Match", "1")
                .body(variant(key + "-L-white", "L", "white")).when().post("/products/" + key + "/variants"));
        document.assertConforms("PUT", "/products/{key}/variants/{sku}", admin().header("If-Match", "2")
                .body(variant(key + "-L-white", "L", "black")).when().put("/products/" + key + "/variants/" + key + "-L-white"));
        document.assertConforms("DELETE", "/products/{key}/variants/{sku}", admin().header("If-Match", "3")
                .when().delete("/products/" + key + "/variants/" + key + "-S-black"));
        document.assertConforms("GET", "/products", given().queryParam("title", "Plain shirt " + key).when().get("/products"));
        document.assertConforms("POST", "/products/{key}/variants", admin().header("If-Match", "4")
                .body(variant(key + "-L-white-2", "L", "black")).when().post("/products/" + key + "/variants"));
        document.assertConforms("DELETE", "/products/{key}/variants/{sku}", admin().header("If-Match", "4")
                .when().delete("/products/" + key + "/variants/" + key + "-M-black")); // 200
        document.assertConforms("DELETE", "/products/{key}/variants/{sku}", admin().header("If-Match", "5")
                .when().delete("/products/" + key + "/variants/" + key + "-L-white")); // 409: the last one
        document.assertConforms("POST", "/products", admin().body(shirt(sku("doc"), "S", "black", "S", "black")).when().post("/products"));
    }

    /** A variant added to one product and a new product using the same sku, at once: one wins, the other is a 409. */
    @Test
    void ofAnAddedVariantAndACreateUsingOneSkuAtOnceExactlyOneWins() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                String key = sku("race-add");
                admin().body(shirt(key, "S", "black")).when().post("/products").then().statusCode(201);
                String shared = key + "-shared";
                Map<String, Object> product = shirt(sku("race-new"), "S", "black", "M", "black");
                variantsOf(product).get(1).put("sku", shared);
                CountDownLatch start = new CountDownLatch(1);
                Future<Response> added = pool.submit(() -> {
                    start.await();
                    return admin().header("If-Match", "1").body(variant(shared, "M", "black"))
                            .when().post("/products/" + key + "/variants");
                });
                Future<Response> created = pool.submit(() -> {
                    start.await();
                    return admin().body(product).when().post("/products");
                });
                start.countDown();
                int add = added.get().statusCode();
                int create = created.get().statusCode();
                assertTrue((add == 200 && create == 409) || (add == 409 && create == 201),
                        "round " + round + ": " + added.get().asString() + " / " + created.get().asString());
                assertEquals(add == 409 ? "sku" : "variants[1].sku",
                        (add == 409 ? added.get() : created.get()).jsonPath().getString("field"));
                assertEquals(1, TestDatabase.database("catalog").getCollection("products")
                        .countDocuments(new Document("skus", shared)));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** The check the skus design rests on: the embedded server refuses a sku in two documents' arrays. */
    @Test
    void theServerEnforcesAUniqueSparseIndexOnAnArrayAcrossDocuments() {
        MongoCollection<Document> probe = TestDatabase.database("catalog").getCollection("unique_array_probe_" + sku("p").substring(2));
        probe.createIndex(Indexes.ascending("skus"), new IndexOptions().unique(true).sparse(true));
        probe.insertOne(new Document("skus", List.of("a", "b")));
        probe.insertOne(new Document("skus", List.of("c")));
        probe.insertOne(new Document("other", 1)); // sparse: documents without skus do not collide
        probe.insertOne(new Document("other", 2));
        MongoWriteException refused = assertThrows(MongoWriteException.class,
                () -> probe.insertOne(new Document("skus", List.of("d", "b"))));
        assertEquals(ErrorCategory.DUPLICATE_KEY, refused.getError().getCategory());
        assertEquals(4, probe.countDocuments());
        probe.drop();
    }

    @Test
    void ofTwoConcurrentCreatesUsingOneVariantSkuExactlyOneWins() throws Exception {
        String shared = sku("race-shared");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                String sharedSku = shared + "-" + round;
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Integer>> answers = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    Map<String, Object> body = shirt(sku("race"), "S", "black", "M", "black");
                    variantsOf(body).get(1).put("sku", sharedSku);
                    answers.add(pool.submit(() -> {
                        start.await();
                        Response answer = admin().body(body).when().post("/products");
                        if (answer.statusCode() == 409) {
                            assertEquals("variants[1].sku", answer.jsonPath().getString("field"), answer.asString());
                        }
                        return answer.statusCode();
                    }));
                }
                start.countDown();
                List<Integer> statuses = new ArrayList<>();
                for (Future<Integer> answer : answers) {
                    statuses.add(answer.get());
                }
                statuses.sort(Integer::compare);
                assertEquals(List.of(201, 409), statuses, "round " + round);
                assertEquals(1, TestDatabase.database("catalog").getCollection("products")
                        .countDocuments(new Document("skus", sharedSku)));
            }
        } finally {
            pool.shutdownNow();
        }
    }
}

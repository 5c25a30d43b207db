package com.example.shop.catalog.search.listing;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.CategoryStub;
import com.example.shop.catalog.product.PerCartLimit;
import com.example.shop.catalog.search.lifecycle.IndexBuild;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.example.shop.testsupport.TestTokens;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index answers as MongoDB answers. 3,000 products of the medium seed profile (its first
 * products without options: albums and films of every genre, edition and price point; those with
 * variants have their own oracle, VariantListingTest), their categories mapped onto
 * the category stub's tree, plus products of a type without an issue date, are loaded through the
 * import. Then a few hundred random combinations of every listing parameter, each walked page by
 * page (the limit changing between pages), must give exactly the pages of the MongoDB query of the
 * first version ({@link MongoListingOracle}): the same products in the same order, the same JSON,
 * the same next cursor. Facet counts are checked against counts computed here, product by
 * product, from the loaded file. This class owns the products collection while it runs.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class SearchIndexOracleTest {

    static final int PRODUCTS = 3_000;
    static final int COMBINATIONS = 300;
    static final int FACET_COMBINATIONS = 80;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SLUGS = List.of("music", "jazz", "bop", "modal-jazz", "rock", "films", "action");
    private static final Map<String, List<String>> SUBTREES = Map.of(
            "music", List.of(CategoryStub.MUSIC, CategoryStub.JAZZ, CategoryStub.BOP, CategoryStub.MODAL_JAZZ, CategoryStub.ROCK),
            "jazz", List.of(CategoryStub.JAZZ, CategoryStub.BOP, CategoryStub.MODAL_JAZZ),
            "bop", List.of(CategoryStub.BOP), "modal-jazz", List.of(CategoryStub.MODAL_JAZZ), "rock", List.of(CategoryStub.ROCK),
            "films", List.of(CategoryStub.FILMS, CategoryStub.ACTION), "action", List.of(CategoryStub.ACTION));
    private static final List<String> IDS = List.of(CategoryStub.MUSIC, CategoryStub.JAZZ, CategoryStub.BOP,
            CategoryStub.MODAL_JAZZ, CategoryStub.ROCK, CategoryStub.FILMS, CategoryStub.ACTION);

    /** The products as loaded, for the values the random queries use and the independent facet counts. */
    private static final List<JsonNode> LOADED = new ArrayList<>();
    private static boolean loaded;

    @Inject
    IndexBuild searchIndex;

    @Inject
    PerCartLimit perCartLimit;

    @ConfigProperty(name = "catalog.cursor.secret")
    String cursorSecret;

    @BeforeEach
    void load(@TempDir Path dir) throws Exception {
        if (loaded) {
            return;
        }
        TestDatabase.database("catalog").getCollection("products").deleteMany(new Document());
        searchIndex.rebuild();
        admin().body(Map.of("name", "Poster", "attributes", List.of(Map.of("name", "artist", "type", "string"))))
                .when().post("/product-types").then().statusCode(org.hamcrest.Matchers.oneOf(201, 409));

        com.example.shop.seed.Main.main(new String[] {"--profile", "medium", "--seed", "77", "--out", dir.toString()});
        List<String> lines = Files.readAllLines(dir.resolve("products.ndjson"), StandardCharsets.UTF_8);
        Random random = new Random(19);
        StringBuilder file = new StringBuilder();
        int taken = 0;
        for (String line : lines) {
            ObjectNode product = (ObjectNode) JSON.readTree(line);
            if (product.has("options")) {
                continue; // products with variants have their own oracle (VariantListingTest); this one is the MongoDB query's
            }
            if (++taken > PRODUCTS) {
                break;
            }
            // the seed's categories onto the stub's tree (whose subtrees the category filter asks for)
            ArrayNode ids = product.putArray("category_ids");
            Set<String> picked = new HashSet<>();
            int n = random.nextInt(10) == 0 ? 2 : 1;
            for (int i = 0; i < n; i++) {
                picked.add(IDS.get(random.nextInt(IDS.size())));
            }
            picked.forEach(ids::add);
            file.append(product).append('\n');
        }
        for (int i = 0; i < 40; i++) { // no issue_date: last in -issue_date, and ties among themselves
            ObjectNode poster = JSON.createObjectNode();
            poster.put("sku", "PST-" + (1000 + i));
            poster.put("type", "Poster");
            poster.put("title", i % 3 == 0 ? "Blue Poster (1.0)" : "Poster " + i);
            poster.putObject("pricing").put("currency", "USD").put("list", 1000 + i % 4 * 500).put("retail", 999);
            poster.putObject("details").put("artist", "Anon " + i % 5);
            poster.putArray("category_ids").add(IDS.get(i % IDS.size()));
            file.append(poster).append('\n');
        }
        Response accepted = admin().contentType("application/x-ndjson").body(file.toString().getBytes(StandardCharsets.UTF_8))
                .when().post("/admin/catalog/import");
        accepted.then().statusCode(202);
        JsonPath run = finished(accepted.jsonPath().getString("id"));
        assertEquals(PRODUCTS + 40, run.getLong("counts.created"), run.prettify());
        for (String line : file.toString().split("\n")) {
            LOADED.add(JSON.readTree(line));
        }
        loaded = true;
    }

    /**
     * Leaves the collection without this class's products (their categories are the stub's, which
     * other classes' category queries count exactly), and the index following it.
     */
    @AfterAll
    static void removeTheLoadedProducts() {
        if (!loaded) {
            return;
        }
        List<String> skus = LOADED.stream().map(product -> product.get("sku").asText()).toList();
        for (int i = 0; i < skus.size(); i += 1000) {
            TestDatabase.database("catalog").getCollection("products")
                    .deleteMany(com.mongodb.client.model.Filters.in("sku", skus.subList(i, Math.min(skus.size(), i + 1000))));
        }
        io.quarkus.arc.Arc.container().instance(IndexBuild.class).get().rebuild();
        LOADED.clear();
        loaded = false;
    }

    /**
     * A product read from MongoDB with the per-cart limit in force, as the first version showed it (the
     * oracle's own form), plus the listing's {@code price_from}.
     */
    private Document withLimitInForce(Document product) {
        PerCartLimit.InForce limit = perCartLimit.of(product.getString("type"),
                product.get("max_per_cart") instanceof Number own ? own.intValue() : null);
        product.put("max_per_cart", limit.value());
        product.put("max_per_cart_source", limit.source().wire());
        product.remove("skus"); // stored for lookups by any sku, not shown
        // a product without options is its one variant: its "from" price is its retail
        product.put("price_from", ((Number) product.get("pricing", Document.class).get("retail")).longValue());
        return product;
    }

    @Test
    void everyRandomListingEqualsTheMongoDbQueryPageByPage() throws Exception {
        MongoListingOracle oracle = new MongoListingOracle(TestDatabase.database("catalog").getCollection("products"),
                cursorSecret, this::withLimitInForce);
        Random random = new Random(2026);
        int pagesCompared = 0;
        int nonEmpty = 0;
        for (int i = 0; i < COMBINATIONS; i++) {
            Map<String, List<String>> parameters = randomFilters(random, true);
            ProductSort[] sorts = {ProductSort.SKU, ProductSort.PCT_SAVINGS_DESC, ProductSort.ISSUE_DATE_DESC,
                    ProductSort.TITLE, ProductSort.PRICE, ProductSort.PRICE_DESC};
            ProductSort sort = sorts[random.nextInt(sorts.length)];
            if (sort.parameter != null) {
                parameters.put("sort", List.of(sort.parameter));
            }
            String cursor = null;
            for (int page = 0; page < 4; page++) {
                int limit = 1 + random.nextInt(random.nextBoolean() ? 5 : 40);
                JsonPath answer = list(parameters, limit, cursor);
                MongoListingOracle.Page expected = oracle.page(query(parameters, sort, limit, cursor), categoryIds(parameters));
                String where = "combination " + i + " page " + page + " " + parameters + " limit " + limit;
                assertEquals(expected.skus(), answer.getList("items.sku"), where);
                List<Object> items = answer.getList("items");
                for (int k = 0; k < items.size(); k++) {
                    assertEquals(JSON.readTree(expected.items().get(k)), JSON.valueToTree(items.get(k)), where + " item " + k);
                }
                assertEquals(expected.next(), answer.getString("next"), where);
                pagesCompared++;
                nonEmpty += items.isEmpty() ? 0 : 1;
                cursor = answer.getString("next");
                if (cursor == null) {
                    break;
                }
            }
        }
        assertTrue(nonEmpty > COMBINATIONS / 2, "too few combinations found products (" + nonEmpty + "): the test would prove little");
        System.out.printf("search oracle: %d combinations, %d pages compared, %d non-empty%n", COMBINATIONS, pagesCompared, nonEmpty);
    }

    @Test
    void facetCountsEqualCountsMadeProductByProduct() {
        Random random = new Random(7);
        for (int i = 0; i < FACET_COMBINATIONS; i++) {
            Map<String, List<String>> parameters = randomFilters(random, false);
            parameters.put("facets", List.of("type,genre,price,category"));
            JsonPath answer = list(parameters, 5, null);
            String where = "combination " + i + " " + parameters;
            assertEquals(expectedValues(parameters, "type"), counts(answer.getList("facets.type"), "value"), where);
            assertEquals(expectedValues(parameters, "genre"), counts(answer.getList("facets.genre"), "value"), where);
            assertEquals(expectedPrices(parameters), counts(answer.getList("facets.price"), "min"), where);
            assertEquals(expectedCategories(parameters), counts(answer.getList("facets.category"), "slug"), where);
        }
    }

    /** Random filters over the values the loaded products hold (so that most combinations find some). */
    private static Map<String, List<String>> randomFilters(Random random, boolean everyKind) {
        Map<String, List<String>> p = new LinkedHashMap<>();
        JsonNode some = LOADED.get(random.nextInt(LOADED.size()));
        if (random.nextInt(3) == 0) {
            p.put("type", random.nextInt(4) == 0 ? List.of("Audio Album", "Poster") : List.of(some.get("type").asText()));
        }
        if (random.nextInt(3) == 0 && some.path("details").has("genre")) {
            List<String> genres = new ArrayList<>();
            some.get("details").get("genre").forEach(g -> genres.add(g.asText()));
            JsonNode other = LOADED.get(random.nextInt(LOADED.size())).path("details").path("genre");
            if (random.nextBoolean() && other.size() > 0) {
                genres.add(other.get(0).asText());
            }
            p.put("genre", genres.stream().distinct().toList());
        }
        if (random.nextInt(4) == 0) {
            p.put("minSavingsPct", List.of(Integer.toString(random.nextInt(50))));
        }
        if (random.nextInt(4) == 0) {
            p.put("category", List.of(SLUGS.get(random.nextInt(SLUGS.size()))));
        }
        if (random.nextInt(5) == 0) {
            long min = random.nextInt(4) * 1000L;
            p.put("price", random.nextBoolean() ? List.of(min + "-" + (min + 1500)) : List.of(min + "-", "0-500"));
        }
        if (random.nextInt(6) == 0 && some.has("keywords")) {
            JsonNode keywords = some.get("keywords");
            p.put("keyword", List.of(keywords.get(random.nextInt(keywords.size())).asText().toUpperCase()));
        }
        if (!everyKind) {
            return p;
        }
        if (random.nextInt(6) == 0 && some.path("details").has("actor")) {
            p.put("actor", List.of(some.get("details").get("actor").get(0).asText()));
        }
        String title = some.get("title").asText();
        if (random.nextInt(6) == 0) {
            int from = random.nextInt(Math.max(1, title.length() - 3));
            String part = title.substring(from, Math.min(title.length(), from + 2 + random.nextInt(5)));
            p.put("title", List.of(random.nextBoolean() ? part.toUpperCase() : part));
        }
        if (random.nextInt(6) == 0) {
            p.put("titlePrefix", List.of(title.substring(0, Math.min(title.length(), 1 + random.nextInt(6)))));
        }
        return p;
    }

    private static JsonPath list(Map<String, List<String>> parameters, int limit, String cursor) {
        RequestSpecification request = given().queryParam("limit", limit);
        parameters.forEach((name, values) -> values.forEach(value -> request.queryParam(name, value)));
        if (cursor != null) {
            request.queryParam("cursor", cursor);
        }
        return request.when().get("/products").then().statusCode(200).extract().jsonPath();
    }

    private static ProductQuery query(Map<String, List<String>> p, ProductSort sort, int limit, String cursor) {
        return new ProductQuery(p.getOrDefault("type", List.of()), p.getOrDefault("genre", List.of()), one(p, "actor"),
                p.containsKey("minSavingsPct") ? Integer.valueOf(one(p, "minSavingsPct")) : null, one(p, "title"),
                one(p, "titlePrefix"), p.containsKey("keyword") ? one(p, "keyword").toLowerCase() : null, one(p, "category"),
                p.getOrDefault("price", List.of()).stream().map(PriceRange::parse).toList(), null, sort, limit, cursor, Set.of());
    }

    private static List<String> categoryIds(Map<String, List<String>> p) {
        return p.containsKey("category") ? SUBTREES.get(one(p, "category")) : null;
    }

    private static String one(Map<String, List<String>> p, String name) {
        return p.containsKey(name) ? p.get(name).get(0) : null;
    }

    // ---- independent facet counts: the loaded products filtered here, one by one ----

    private static boolean passes(JsonNode product, Map<String, List<String>> p, String except) {
        JsonNode details = product.path("details");
        if (!"type".equals(except) && p.containsKey("type") && !p.get("type").contains(product.get("type").asText())) {
            return false;
        }
        if (!"genre".equals(except) && p.containsKey("genre")) {
            Set<String> genres = new HashSet<>();
            details.path("genre").forEach(g -> genres.add(g.asText()));
            if (p.get("genre").stream().noneMatch(genres::contains)) {
                return false;
            }
        }
        JsonNode pricing = product.get("pricing");
        long list = pricing.get("list").asLong();
        long retail = pricing.get("retail").asLong();
        long pct = list == 0 ? 0 : (list - retail) * 100 / list;
        if (p.containsKey("minSavingsPct") && pct <= Long.parseLong(one(p, "minSavingsPct"))) {
            return false;
        }
        if (!"price".equals(except) && p.containsKey("price")
                && p.get("price").stream().map(PriceRange::parse).noneMatch(r -> retail >= r.min() && (r.max() == null || retail < r.max()))) {
            return false;
        }
        if (p.containsKey("category")) {
            Set<String> ids = new HashSet<>();
            product.path("category_ids").forEach(id -> ids.add(id.asText()));
            if (SUBTREES.get(one(p, "category")).stream().noneMatch(ids::contains)) {
                return false;
            }
        }
        if (p.containsKey("keyword")) {
            Set<String> words = new HashSet<>();
            product.path("keywords").forEach(k -> words.add(k.asText().toLowerCase()));
            String title = product.get("title").asText().toLowerCase();
            String wanted = one(p, "keyword").toLowerCase();
            // the service adds every word of the title and of the details' texts to the given keywords
            Set<String> derived = new HashSet<>(List.of(title.split("[^\\p{L}\\p{N}]+")));
            details.fields().forEachRemaining(f -> {
                List<JsonNode> values = new ArrayList<>();
                if (f.getValue().isArray()) {
                    f.getValue().forEach(values::add);
                } else {
                    values.add(f.getValue());
                }
                values.stream().filter(JsonNode::isTextual)
                        .forEach(v -> derived.addAll(List.of(v.asText().toLowerCase().split("[^\\p{L}\\p{N}]+"))));
            });
            if (!words.contains(wanted) && !derived.contains(wanted)) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, Long> expectedValues(Map<String, List<String>> p, String facet) {
        Map<String, Long> counts = new TreeMap<>();
        for (JsonNode product : LOADED) {
            if (passes(product, p, facet)) {
                if (facet.equals("type")) {
                    counts.merge(product.get("type").asText(), 1L, Long::sum);
                } else {
                    Set<String> genres = new HashSet<>();
                    product.path("details").path("genre").forEach(g -> genres.add(g.asText()));
                    genres.forEach(g -> counts.merge(g, 1L, Long::sum));
                }
            }
        }
        List<String> selected = p.getOrDefault(facet, List.of());
        selected.forEach(value -> counts.putIfAbsent(value, 0L));
        // the first 100 by count (then by value), and the selected values
        List<String> ranked = counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey).toList();
        Map<String, Long> shown = new TreeMap<>();
        for (int i = 0; i < ranked.size(); i++) {
            if (i < FacetCounts.MAX_VALUES || selected.contains(ranked.get(i))) {
                shown.put(ranked.get(i), counts.get(ranked.get(i)));
            }
        }
        return shown;
    }

    private static Map<String, Long> expectedPrices(Map<String, List<String>> p) {
        List<Long> bounds = List.of(0L, 500L, 1000L, 1500L, 2000L, 3000L, 5000L);
        Map<String, Long> counts = new TreeMap<>();
        bounds.forEach(b -> counts.put(Long.toString(b), 0L));
        for (JsonNode product : LOADED) {
            if (passes(product, p, "price")) {
                long retail = product.get("pricing").get("retail").asLong();
                long bucket = bounds.stream().filter(b -> b <= retail).reduce((a, b) -> b).orElseThrow();
                counts.merge(Long.toString(bucket), 1L, Long::sum);
            }
        }
        return counts;
    }

    private static Map<String, Long> expectedCategories(Map<String, List<String>> p) {
        String selected = one(p, "category");
        List<String> counted = selected == null ? List.of("films", "music")
                : switch (selected) {
                    case "music" -> List.of("jazz", "rock");
                    case "jazz" -> List.of("bop", "modal-jazz");
                    case "films" -> List.of("action");
                    default -> List.of();
                };
        Map<String, Long> counts = new TreeMap<>();
        counted.forEach(slug -> counts.put(slug, 0L));
        for (JsonNode product : LOADED) {
            if (passes(product, p, null)) {
                Set<String> ids = new HashSet<>();
                product.path("category_ids").forEach(id -> ids.add(id.asText()));
                for (String slug : counted) {
                    if (SUBTREES.get(slug).stream().anyMatch(ids::contains)) {
                        counts.merge(slug, 1L, Long::sum);
                    }
                }
            }
        }
        return counts;
    }

    private static Map<String, Long> counts(List<Map<String, Object>> facet, String key) {
        Map<String, Long> counts = new TreeMap<>();
        for (Map<String, Object> entry : facet) {
            counts.put(String.valueOf(entry.get(key)), ((Number) entry.get("count")).longValue());
        }
        return counts;
    }

    static RequestSpecification admin() {
        return given().auth().oauth2(TestTokens.admin()).contentType(ContentType.JSON);
    }

    static JsonPath finished(String id) throws InterruptedException {
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (true) {
            JsonPath run = admin().when().get("/admin/catalog/imports/" + id).then().statusCode(200).extract().jsonPath();
            if (!"running".equals(run.getString("state")) || System.nanoTime() > deadline) {
                return run;
            }
            Thread.sleep(100);
        }
    }

}

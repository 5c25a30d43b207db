package com.example.shop.catalog.search.listing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.CategoryStub;
import com.example.shop.catalog.product.StoredProduct;
import com.example.shop.catalog.product.StoredProducts;
import com.example.shop.catalog.search.lifecycle.IndexBuild;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Listings of products with variants, through {@code GET /products}, against counts made here product
 * by product. Products with size and colour variants (some with their own prices, some retired) and
 * products without options are written as the product feature stores them ({@link StoredProducts}:
 * the API writes variants once the write model lands) and the index rebuilt; a third of the
 * variants are then reported sold out through {@code POST /internal/availability}, which names the
 * variants' skus. Every random listing (options, inStock, price, genre, three orders) is walked page
 * by page and must list exactly the products with ONE listed variant passing all the variant
 * filters, at the lowest such variant's retail ({@code price_from}), ordered by it under the price
 * sorts; every facet must count what picking its value would list.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class VariantListingTest {

    static final int PRODUCTS = 160;
    static final int COMBINATIONS = 150;
    private static final List<String> SIZES = List.of("S", "M", "L");
    private static final List<String> COLOURS = List.of("black", "white", "red");
    private static final List<String> GENRES = List.of("Jazz", "Rock", "Blues");

    /** One variant as the test made it. */
    record Made(String sku, Map<String, String> options, long retail, boolean retired) {
    }

    record Product(String sku, String genre, List<Made> variants) {
        List<Made> listed() {
            return variants.stream().filter(v -> !v.retired()).toList();
        }
    }

    /** A listing's filters as the test asks them. */
    record Query(Map<String, List<String>> options, Boolean inStock, List<long[]> prices, String genre) {
    }

    private static final String WORD = "Varo" + UUID.randomUUID().toString().substring(0, 8);
    private static final List<Product> MADE = new ArrayList<>();
    private static final Set<String> SOLD_OUT = new HashSet<>();
    private static boolean loaded;

    @Inject
    IndexBuild searchIndex;

    @BeforeEach
    void load() {
        if (loaded) {
            return;
        }
        Random random = new Random(58);
        for (int i = 0; i < PRODUCTS; i++) {
            String key = "VAR-" + WORD + "-" + String.format("%03d", i);
            long retail = 500 + 100L * random.nextInt(30);
            String genre = GENRES.get(random.nextInt(GENRES.size()));
            List<Made> variants = new ArrayList<>();
            List<StoredProduct.Option> options = new ArrayList<>();
            List<StoredProduct.Variant> stored = new ArrayList<>();
            int shape = random.nextInt(4); // 0: no options, 1: size, 2: colour, 3: both
            if (shape == 0) {
                variants.add(new Made(key, Map.of(), retail, false));
            } else {
                List<String> sizes = shape == 2 ? List.of("") : subset(random, SIZES);
                List<String> colours = shape == 1 ? List.of("") : subset(random, COLOURS);
                if (shape != 2) {
                    options.add(new StoredProduct.Option("size", sizes));
                }
                if (shape != 1) {
                    options.add(new StoredProduct.Option("colour", colours));
                }
                for (String size : sizes) {
                    for (String colour : colours) {
                        if (random.nextInt(10) < 3 && !(variants.isEmpty() && size.equals(sizes.get(sizes.size() - 1))
                                && colour.equals(colours.get(colours.size() - 1)))) {
                            continue; // not every combination is made; at least the last one is when none was
                        }
                        Map<String, String> values = new LinkedHashMap<>();
                        if (!size.isEmpty()) {
                            values.put("size", size);
                        }
                        if (!colour.isEmpty()) {
                            values.put("colour", colour);
                        }
                        String sku = key + "-" + variants.size();
                        Long own = random.nextBoolean() ? 500 + 100L * random.nextInt(30) : null;
                        boolean retired = !variants.isEmpty() && random.nextInt(10) == 0;
                        variants.add(new Made(sku, values, own == null ? retail : own, retired));
                        stored.add(new StoredProduct.Variant(sku, values, own == null ? null : pricing(own), null, retired));
                    }
                }
            }
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("title", WORD + " " + i);
            details.put("artist", "Someone " + i % 7);
            details.put("genre", List.of(genre));
            details.put("issue_date", new Date(1_600_000_000_000L / 86_400_000L * 86_400_000L));
            StoredProduct product = new StoredProduct(key, "Audio Album", WORD + " " + i, null, null, pricing(retail), List.of(),
                    details, List.of(), null, 1L, options, stored);
            StoredProducts.insert(product);
            MADE.add(new Product(key, genre, variants));
        }
        searchIndex.rebuild();
        List<Map<String, Object>> reports = new ArrayList<>();
        for (Product product : MADE) {
            for (Made variant : product.variants()) {
                if (random.nextInt(3) == 0) {
                    SOLD_OUT.add(variant.sku());
                    reports.add(Map.of("sku", variant.sku(), "available", false, "seq", 1));
                }
            }
        }
        given().contentType(ContentType.JSON).body(Map.of("transitions", reports)).when().post("/internal/availability")
                .then().statusCode(200).body("applied", equalTo(reports.size()));
        loaded = true;
    }

    @AfterAll
    static void removeTheProducts() {
        if (!loaded) {
            return;
        }
        TestDatabase.database("catalog").getCollection("products")
                .deleteMany(com.mongodb.client.model.Filters.regex("sku", "^VAR-" + WORD));
        io.quarkus.arc.Arc.container().instance(IndexBuild.class).get().rebuild();
        MADE.clear();
        SOLD_OUT.clear();
    }

    private static StoredProduct.Pricing pricing(long retail) {
        long list = retail + 200;
        return new StoredProduct.Pricing("USD", list, retail, list - retail, 100 * (list - retail) / list);
    }

    private static List<String> subset(Random random, List<String> values) {
        List<String> picked = new ArrayList<>();
        for (String value : values) {
            if (random.nextInt(3) > 0) {
                picked.add(value);
            }
        }
        return picked.isEmpty() ? List.of(values.get(random.nextInt(values.size()))) : picked;
    }

    // ---- the oracle: the rules, product by product ----

    /** Which filter a facet leaves out: null for none. */
    private static boolean passes(Made variant, Query query, String ignored) {
        for (Map.Entry<String, List<String>> option : query.options().entrySet()) {
            String value = variant.options().get(option.getKey());
            if (!option.getKey().equals(ignored) && (value == null || !option.getValue().contains(value))) {
                return false;
            }
        }
        if (query.inStock() != null && !"inStock".equals(ignored) && SOLD_OUT.contains(variant.sku()) == query.inStock()) {
            return false;
        }
        return query.prices().isEmpty() || "price".equals(ignored)
                || query.prices().stream().anyMatch(range -> inRange(variant.retail(), range));
    }

    private static boolean inRange(long retail, long[] range) {
        return retail >= range[0] && (range[1] < 0 || retail < range[1]);
    }

    private static boolean hasVariantFilters(Query query) {
        return !query.options().isEmpty() || query.inStock() != null || !query.prices().isEmpty();
    }

    /** The listed "from" price of a matching product: the lowest retail of its variants that pass. */
    private static long from(Product product, Query query) {
        return product.listed().stream().filter(v -> !hasVariantFilters(query) || passes(v, query, null))
                .mapToLong(Made::retail).min().orElseThrow();
    }

    private static boolean matches(Product product, Query query, String ignored) {
        return (query.genre() == null || "genre".equals(ignored) || query.genre().equals(product.genre()))
                && product.listed().stream().anyMatch(v -> passes(v, query, ignored));
    }

    /** A variant facet's counts: each product once under every key of its passing variants. */
    private static Map<String, Long> counted(Query query, String ignored, java.util.function.Function<Made, String> key) {
        Map<String, Long> counts = new TreeMap<>();
        for (Product product : MADE) {
            if (query.genre() != null && !query.genre().equals(product.genre())) {
                continue;
            }
            Set<String> keys = new HashSet<>();
            product.listed().stream().filter(v -> passes(v, query, ignored)).map(key).filter(java.util.Objects::nonNull)
                    .forEach(keys::add);
            keys.forEach(k -> counts.merge(k, 1L, Long::sum));
        }
        return counts;
    }

    private static RequestSpecification request(Query query, String sort, int limit, String cursor) {
        RequestSpecification request = given().queryParam("titlePrefix", WORD).queryParam("limit", limit);
        query.options().forEach((name, values) -> values.forEach(value -> request.queryParam(name, value)));
        if (query.inStock() != null) {
            request.queryParam("inStock", query.inStock());
        }
        for (long[] range : query.prices()) {
            request.queryParam("price", range[0] + "-" + (range[1] < 0 ? "" : Long.toString(range[1])));
        }
        if (query.genre() != null) {
            request.queryParam("genre", query.genre());
        }
        if (sort != null) {
            request.queryParam("sort", sort);
        }
        if (cursor != null) {
            request.queryParam("cursor", cursor);
        }
        return request;
    }

    private static Query randomQuery(Random random) {
        Map<String, List<String>> options = new TreeMap<>();
        List<String> sizes = pick(random, List.of("S", "M", "L", "XL"));
        if (!sizes.isEmpty()) {
            options.put("size", sizes);
        }
        List<String> colours = pick(random, COLOURS);
        if (!colours.isEmpty()) {
            options.put("colour", colours);
        }
        Boolean inStock = switch (random.nextInt(3)) {
            case 0 -> null;
            case 1 -> true;
            default -> false;
        };
        List<long[]> prices = new ArrayList<>();
        for (int i = random.nextInt(3) == 0 ? 1 + random.nextInt(2) : 0; i > 0; i--) {
            long min = 500 + 100L * random.nextInt(25);
            prices.add(new long[] {min, random.nextInt(4) == 0 ? -1 : min + 100L * (1 + random.nextInt(10))});
        }
        String genre = random.nextInt(4) == 0 ? GENRES.get(random.nextInt(GENRES.size())) : null;
        return new Query(options, inStock, prices, genre);
    }

    private static List<String> pick(Random random, List<String> values) {
        List<String> picked = new ArrayList<>();
        if (random.nextInt(5) < 2) {
            return picked;
        }
        for (String value : values) {
            if (random.nextInt(3) == 0) {
                picked.add(value);
            }
        }
        return picked.isEmpty() ? List.of(values.get(random.nextInt(values.size()))) : picked;
    }

    @Test
    void everyRandomListingListsTheProductsWithOneVariantPassingEveryVariantFilter() {
        Random random = new Random(2058);
        int nonEmpty = 0;
        int facetsChecked = 0;
        for (int i = 0; i < COMBINATIONS; i++) {
            Query query = randomQuery(random);
            String sort = List.of("", "price", "-price").get(random.nextInt(3));
            Comparator<Product> order = switch (sort) {
                case "price" -> Comparator.<Product>comparingLong(p -> from(p, query)).thenComparing(Product::sku);
                case "-price" -> Comparator.<Product>comparingLong(p -> -from(p, query)).thenComparing(Product::sku);
                default -> Comparator.comparing(Product::sku);
            };
            List<Product> expected = MADE.stream().filter(p -> matches(p, query, null)).sorted(order).toList();
            String where = "combination " + i + " " + query.options() + " inStock=" + query.inStock() + " price="
                    + query.prices().stream().map(r -> r[0] + "-" + r[1]).toList() + " genre=" + query.genre() + " sort=" + sort;
            List<String> skus = new ArrayList<>();
            List<Long> prices = new ArrayList<>();
            String cursor = null;
            for (int page = 0; page < 40; page++) {
                int limit = 1 + random.nextInt(20);
                var answer = request(query, sort.isEmpty() ? null : sort, limit, cursor)
                        .queryParam("facets", page == 0 ? "genre,price,availability,size,colour" : "")
                        .when().get("/products").then().statusCode(200).extract().jsonPath();
                skus.addAll(answer.getList("items.sku", String.class));
                answer.getList("items.price_from", Number.class).forEach(n -> prices.add(n.longValue()));
                if (page == 0) {
                    assertFacets(answer, query, where);
                    facetsChecked++;
                }
                cursor = answer.getString("next");
                if (cursor == null) {
                    break;
                }
            }
            assertEquals(expected.stream().map(Product::sku).toList(), skus, where);
            assertEquals(expected.stream().map(p -> from(p, query)).toList(), prices, where + ": price_from");
            nonEmpty += expected.isEmpty() ? 0 : 1;
        }
        assertTrue(nonEmpty > COMBINATIONS / 2, "too few combinations found products (" + nonEmpty + ")");
        assertTrue(facetsChecked == COMBINATIONS);
    }

    private static void assertFacets(JsonPath answer, Query query, String where) {
        Map<String, Long> genres = new TreeMap<>();
        MADE.stream().filter(p -> matches(p, query, "genre")).forEach(p -> genres.merge(p.genre(), 1L, Long::sum));
        assertEquals(withSelected(genres, query.genre() == null ? List.of() : List.of(query.genre())),
                valueCounts(answer, "facets.genre"), where + ": genre facet");
        for (String option : List.of("size", "colour")) {
            assertEquals(withSelected(counted(query, option, v -> v.options().get(option)),
                            query.options().getOrDefault(option, List.of())),
                    valueCounts(answer, "facets.options." + option), where + ": " + option + " facet");
        }
        Map<String, Long> availability = new TreeMap<>(Map.of("in-stock", 0L, "sold-out", 0L));
        availability.putAll(counted(query, "inStock", v -> SOLD_OUT.contains(v.sku()) ? "sold-out" : "in-stock"));
        assertEquals(availability, valueCounts(answer, "facets.availability"), where + ": availability facet");
        List<Map<String, Object>> buckets = answer.getList("facets.price");
        for (Map<String, Object> bucket : buckets) {
            long min = ((Number) bucket.get("min")).longValue();
            long max = bucket.get("max") == null ? -1 : ((Number) bucket.get("max")).longValue();
            long expected = counted(query, "price", v -> inRange(v.retail(), new long[] {min, max}) ? "in" : null)
                    .getOrDefault("in", 0L);
            assertEquals(expected, ((Number) bucket.get("count")).longValue(), where + ": price bucket " + min + "-" + max);
        }
    }

    private static Map<String, Long> withSelected(Map<String, Long> counts, List<String> selected) {
        Map<String, Long> shown = new TreeMap<>(counts);
        selected.forEach(value -> shown.putIfAbsent(value, 0L));
        return shown;
    }

    private static Map<String, Long> valueCounts(JsonPath answer, String path) {
        Map<String, Long> counts = new TreeMap<>();
        List<Map<String, Object>> values = answer.getList(path);
        for (Map<String, Object> value : values) {
            counts.put((String) value.get("value"), ((Number) value.get("count")).longValue());
        }
        return counts;
    }

    /** The example: one variant must be M, black and in stock; an M sold out and a black L in stock are not one. */
    @Test
    void aSoldOutMAndAnInStockBlackLDoNotMakeAnInStockBlackM() {
        String word = "Vex" + UUID.randomUUID().toString().substring(0, 8);
        insertTee(word, "A", List.of(new StoredProduct.Variant(word + "-A-m", Map.of("size", "M", "colour", "white"), null, null, false),
                new StoredProduct.Variant(word + "-A-l", Map.of("size", "L", "colour", "black"), pricing(1500), null, false)));
        insertTee(word, "B", List.of(new StoredProduct.Variant(word + "-B-m", Map.of("size", "M", "colour", "black"), pricing(1900), null, false),
                new StoredProduct.Variant(word + "-B-s", Map.of("size", "S", "colour", "black"), pricing(900), null, false)));
        searchIndex.rebuild();
        given().contentType(ContentType.JSON).body(Map.of("transitions", List.of(Map.of("sku", word + "-A-m", "available", false, "seq", 1))))
                .when().post("/internal/availability").then().statusCode(200).body("applied", equalTo(1));
        try {
            JsonPath both = listing(word, Map.of("size", "M", "colour", "black", "inStock", "true"));
            assertEquals(List.of(word + "-B"), both.getList("items.sku"), "only B has one variant that is M, black and in stock");
            assertEquals(List.of(1900), both.getList("items.price_from"), "B's M, not its cheaper S");
            assertEquals(List.of(word + "-A", word + "-B"), listing(word, Map.of("size", "M")).getList("items.sku"));
            assertEquals(List.of(word + "-B"), listing(word, Map.of("size", "M", "inStock", "true")).getList("items.sku"));
            JsonPath black = listing(word, Map.of("colour", "black", "inStock", "true", "sort", "price"));
            assertEquals(List.of(word + "-B", word + "-A"), black.getList("items.sku"), "B from 900, A from 1500 (its black L)");
            assertEquals(List.of(900, 1500), black.getList("items.price_from"));
            JsonPath all = listing(word, Map.of("facets", "size,colour,availability"));
            assertEquals(Map.of("M", 2L, "L", 1L, "S", 1L), valueCounts(all, "facets.options.size"));
            assertEquals(Map.of("in-stock", 2L, "sold-out", 1L), valueCounts(all, "facets.availability"),
                    "A counts under both: its M is sold out, its L is not");
            assertEquals(List.of(1000, 900), all.getList("items.price_from"), "without variant filters: the lowest retail");
            JsonPath inStockM = listing(word, Map.of("inStock", "true", "facets", "size"));
            assertEquals(Map.of("M", 1L, "L", 1L, "S", 1L), valueCounts(inStockM, "facets.options.size"),
                    "the size facet counts the in-stock variants only");
        } finally {
            TestDatabase.database("catalog").getCollection("products").deleteMany(com.mongodb.client.model.Filters.regex("sku", "^" + word));
            searchIndex.rebuild();
        }
    }

    private static void insertTee(String word, String name, List<StoredProduct.Variant> variants) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("title", word + " " + name);
        details.put("artist", "Someone");
        details.put("genre", List.of("Jazz"));
        StoredProducts.insert(new StoredProduct(word + "-" + name, "Audio Album", word + " " + name, null, null, pricing(1000),
                List.of(), details, List.of(), null, 1L, List.of(new StoredProduct.Option("size", List.of("S", "M", "L")),
                new StoredProduct.Option("colour", List.of("black", "white"))), variants));
    }

    private static JsonPath listing(String word, Map<String, String> parameters) {
        RequestSpecification request = given().queryParam("titlePrefix", word);
        parameters.forEach(request::queryParam);
        return request.when().get("/products").then().statusCode(200).extract().jsonPath();
    }

    /**
     * A report names a sku that only {@code sku} holds (a product stored before {@code skus} was, not yet
     * migrated): its product is still found, re-indexed and listed sold out.
     */
    @Test
    void aProductStoredBeforeSkusIsFoundByItsSku() {
        String word = "Vold" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("title", word);
        details.put("artist", "Someone");
        details.put("genre", List.of("Jazz"));
        org.bson.Document legacy = StoredProducts.document(new StoredProduct(word + "-OLD", "Audio Album", word, null, null,
                pricing(1000), List.of(), details, List.of(), null, 1L));
        legacy.remove("skus");
        TestDatabase.database("catalog").getCollection("products").insertOne(legacy);
        searchIndex.rebuild();
        try {
            assertEquals(List.of(word + "-OLD"), listing(word, Map.of("inStock", "true")).getList("items.sku"));
            given().contentType(ContentType.JSON).body(Map.of("transitions", List.of(Map.of("sku", word + "-OLD", "available", false, "seq", 1))))
                    .when().post("/internal/availability").then().statusCode(200).body("applied", equalTo(1));
            assertEquals(List.of(), listing(word, Map.of("inStock", "true")).getList("items.sku"));
            assertEquals(List.of(word + "-OLD"), listing(word, Map.of("inStock", "false")).getList("items.sku"),
                    "sold out on this replica before the report was answered");
        } finally {
            TestDatabase.database("catalog").getCollection("products").deleteMany(com.mongodb.client.model.Filters.eq("sku", word + "-OLD"));
            searchIndex.rebuild();
        }
    }

    /** The options are size, colour and format; any other name is a 400 naming it, as parameter or as facet. */
    @Test
    void anOptionNoTypeDeclaresIsA400NamingTheParameter() {
        given().queryParam("sleeve", "long").when().get("/products").then().statusCode(400)
                .contentType("application/problem+json").body("field", equalTo("sleeve")).body("detail", containsString("sleeve"));
        given().queryParam("facets", "genre,sleeve").when().get("/products").then().statusCode(400)
                .contentType("application/problem+json").body("field", equalTo("facets")).body("detail", containsString("sleeve"));
        given().queryParam("size", " ").when().get("/products").then().statusCode(400).body("field", equalTo("size"));
        // declared by Audio Album, though no product of this test has it yet: nothing matches, nothing fails
        assertEquals(List.of(), given().queryParam("titlePrefix", WORD).queryParam("format", "Vinyl").queryParam("facets", "format")
                .when().get("/products").then().statusCode(200).extract().jsonPath().getList("items"));
    }
}

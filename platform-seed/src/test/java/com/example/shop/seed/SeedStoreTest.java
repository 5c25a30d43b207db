package com.example.shop.seed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SeedStoreTest {

    /** Strict as the services read bodies: duplicate keys and trailing tokens are errors. */
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    @Test
    void the_same_seed_writes_byte_identical_files(@TempDir Path dir) throws IOException {
        for (Profile profile : List.of(Profile.SMALL, Profile.MEDIUM)) {
            SeedStore.write(profile, 7, dir.resolve("a-" + profile.id()));
            SeedStore.write(profile, 7, dir.resolve("b-" + profile.id()));
            for (String file : List.of(SeedStore.CATEGORIES, SeedStore.PRODUCTS, SeedStore.STOCK)) {
                assertArrayEquals(Files.readAllBytes(dir.resolve("a-" + profile.id()).resolve(file)),
                        Files.readAllBytes(dir.resolve("b-" + profile.id()).resolve(file)), profile + " " + file);
            }
        }
        SeedStore.write(Profile.SMALL, 8, dir.resolve("other-seed"));
        for (String file : List.of(SeedStore.CATEGORIES, SeedStore.PRODUCTS, SeedStore.STOCK)) {
            assertFalse(java.util.Arrays.equals(Files.readAllBytes(dir.resolve("a-small").resolve(file)),
                    Files.readAllBytes(dir.resolve("other-seed").resolve(file))), "another seed, another " + file);
        }
        assertEquals(List.of(), Files.list(dir.resolve("a-small")).map(p -> p.getFileName().toString())
                .filter(n -> n.endsWith(".part")).toList(), "no partial file is left");
    }

    @ParameterizedTest
    @EnumSource(Profile.class)
    void the_tree_has_the_profiles_size_and_depth_and_valid_slugs(Profile profile) {
        CategoryTree tree = CategoryTree.build(profile, 1);
        assertEquals(profile.categories, tree.nodes.size());
        Set<String> slugs = new HashSet<>();
        Set<String> ids = new HashSet<>();
        int deepest = 0;
        for (CategoryTree.Node n : tree.nodes) {
            assertTrue(n.slug.length() <= 64 && ProductChecks.SLUG.matcher(n.slug).matches(), n.slug);
            assertTrue(n.name.length() <= 200 && !n.name.isBlank(), n.name);
            assertTrue(ProductChecks.CATEGORY_ID.matcher(n.id).matches(), n.id);
            assertEquals(CategoryTree.idOf(1, n.slug), n.id, "the id is derived from the seed and the slug");
            assertTrue(n.parent == null || slugs.contains(n.parent.slug), "parents come first: " + n.slug);
            assertTrue(slugs.add(n.slug), "unique slug " + n.slug);
            assertTrue(ids.add(n.id), "unique id " + n.id);
            deepest = Math.max(deepest, n.level);
        }
        assertEquals(profile.depth, deepest);
        assertEquals(Set.of("Music", "Film"), tree.leaves.keySet(), "products of both types have somewhere to go");
    }

    @Test
    void the_level_counts_add_up() {
        assertArrayEquals(new int[] {2, 7, 21}, CategoryTree.levelCounts(30, 3));
        assertArrayEquals(new int[] {2, 30, 268}, CategoryTree.levelCounts(300, 3));
        int[] large = CategoryTree.levelCounts(3000, 5);
        assertEquals(3000, java.util.Arrays.stream(large).sum());
        for (int i = 1; i < large.length; i++) {
            assertTrue(large[i] >= large[i - 1], "each level at least as wide as the one above: " + java.util.Arrays.toString(large));
        }
    }

    /** Every line of the small and medium stores, as the catalog would check it; and the stock beside it. */
    @ParameterizedTest
    @EnumSource(value = Profile.class, names = {"SMALL", "MEDIUM"})
    void every_product_line_is_a_valid_product_body(Profile profile, @TempDir Path dir) throws IOException {
        SeedStore.write(profile, 1, dir);
        Set<String> categoryIds = new HashSet<>();
        for (String line : Files.readAllLines(dir.resolve(SeedStore.CATEGORIES))) {
            JsonNode c = JSON.readTree(line);
            assertEquals(new TreeSet<>(List.of("id", "slug", "name", "parent")), fieldNames(c), line);
            categoryIds.add(c.get("id").asText());
        }
        assertEquals(profile.categories, categoryIds.size());
        ProductChecks checks = new ProductChecks(DeclaredTypes.read(), categoryIds);
        Map<String, Integer> types = new HashMap<>();
        List<String> skus = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(dir.resolve(SeedStore.PRODUCTS), StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode p = JSON.readTree(line);
                assertEquals(List.of(), checks.problems(p), line);
                types.merge(p.get("type").asText(), 1, Integer::sum);
                skus.add(p.get("sku").asText());
            }
        }
        assertEquals(profile.products, skus.size());
        assertEquals(profile.products, new HashSet<>(skus).size(), "no sku twice");
        assertEquals(DeclaredTypes.read().keySet(), types.keySet(), "products of every built-in type");
        List<String> stock = Files.readAllLines(dir.resolve(SeedStore.STOCK));
        assertEquals(profile.products, stock.size());
        for (int i = 0; i < stock.size(); i++) {
            JsonNode s = JSON.readTree(stock.get(i));
            assertEquals(new TreeSet<>(List.of("sku", "qty")), fieldNames(s));
            assertEquals(skus.get(i), s.get("sku").asText(), "stock for each product, in the same order");
            assertTrue(s.get("qty").isInt() && s.get("qty").asInt() >= 0 && s.get("qty").asInt() <= 1_000_000, stock.get(i));
        }
    }

    /**
     * The large profile's products, sampled over its whole range without writing the 180 MB file:
     * each product is drawn from a stream of its own, so product i is generated alone.
     */
    @Test
    void a_sample_of_the_large_profile_is_valid(@TempDir Path dir) throws IOException {
        CategoryTree tree = CategoryTree.build(Profile.LARGE, 1);
        Set<String> ids = new HashSet<>();
        tree.nodes.forEach(n -> ids.add(n.id));
        ProductChecks checks = new ProductChecks(DeclaredTypes.read(), ids);
        Products products = new Products(tree, 1);
        String[] sku = new String[1];
        Set<String> dates = new HashSet<>();
        for (int i = 0; i < Profile.LARGE.products; i += 61) {
            JsonNode p = products.product(i, sku);
            assertEquals(List.of(), checks.problems(p), p.toString());
            assertEquals(sku[0], p.get("sku").asText());
            dates.add(p.at("/details/issue_date").asText());
        }
        assertTrue(dates.size() > 1000, "dates are spread: " + dates.size());
    }

    @Test
    void products_are_realistic_and_agree_with_their_category() throws IOException {
        CategoryTree tree = CategoryTree.build(Profile.LARGE, 3);
        Map<String, CategoryTree.Node> byId = new HashMap<>();
        tree.nodes.forEach(n -> byId.put(n.id, n));
        Products products = new Products(tree, 3);
        String[] sku = new String[1];
        int withLimit = 0;
        for (int i = 0; i < 5000; i++) {
            JsonNode p = products.product(i, sku);
            CategoryTree.Node category = byId.get(p.at("/category_ids/0").asText());
            assertEquals("Audio Album".equals(p.get("type").asText()) ? "Music" : "Film", category.root);
            assertEquals(category.genre.name(), p.at("/details/genre/0").asText());
            assertEquals(category.subgenre, p.at("/details/genre/1").asText());
            int year = Integer.parseInt(p.at("/details/issue_date").asText().substring(0, 4));
            int from = category.decade == 0 ? category.genre.since() : Math.max(category.decade, category.genre.since());
            int to = category.decade == 0 ? Words.LAST_YEAR : Math.min(category.decade + 9, Words.LAST_YEAR);
            assertTrue(year >= from && year <= to, "issued within its category's decade: " + p);
            assertTrue(p.get("sku").asText().matches("(ALB|FLM)-3-\\d{6}"), p.get("sku").asText());
            long list = p.at("/pricing/list").asLong();
            assertTrue(list >= 799 && list <= 19999 && list % 100 == 99, "a price point: " + list);
            if (p.has("max_per_cart")) {
                withLimit++;
            }
        }
        assertTrue(withLimit > 0 && withLimit < 1000, "max_per_cart occasionally: " + withLimit);
    }

    @Test
    void stores_of_different_seeds_share_no_sku_and_profiles_of_one_seed_share_ids() {
        Products one = new Products(CategoryTree.build(Profile.SMALL, 1), 1);
        Products two = new Products(CategoryTree.build(Profile.SMALL, 2), 2);
        String[] a = new String[1];
        String[] b = new String[1];
        for (int i = 0; i < 100; i++) {
            one.product(i, a);
            two.product(i, b);
            assertNotEquals(a[0], b[0]);
        }
        assertEquals(CategoryTree.build(Profile.SMALL, 1).nodes.get(0).id, CategoryTree.build(Profile.LARGE, 1).nodes.get(0).id,
                "the same slug has the same id in every profile of a seed");
    }

    @Test
    void the_command_line_refuses_what_it_does_not_know(@TempDir Path dir) throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, Main.run(new String[] {"--profile", "huge", "--out", dir.toString()}, out));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown profile 'huge'"));
        assertEquals(2, Main.run(new String[] {"--profile", "small", "--seed", "x", "--out", dir.toString()}, out));
        assertEquals(2, Main.run(new String[] {"--profile", "small"}, out));
        assertEquals(0, Main.run(new String[] {"--profile", "small", "--seed", "5", "--out", dir.resolve("s").toString()}, out));
        assertTrue(Files.size(dir.resolve("s").resolve(SeedStore.PRODUCTS)) > 0);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("800 products"), err.toString(StandardCharsets.UTF_8));
    }

    private static Set<String> fieldNames(JsonNode node) {
        Set<String> names = new TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}

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
import java.util.TreeMap;
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
        List<String> keys = new ArrayList<>();
        List<String> sold = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(dir.resolve(SeedStore.PRODUCTS), StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode p = JSON.readTree(line);
                assertEquals(List.of(), checks.problems(p), line);
                types.merge(p.get("type").asText(), 1, Integer::sum);
                keys.add(p.get("sku").asText());
                sold.addAll(soldSkus(p));
            }
        }
        assertEquals(profile.products, keys.size());
        Set<String> everySku = new HashSet<>(keys);
        everySku.addAll(sold);
        assertEquals(keys.size() + sold.size() - sold.stream().filter(new HashSet<>(keys)::contains).count(), everySku.size(),
                "no sku twice in the store, keys and variants together");
        assertEquals(SKUS.get(profile), (long) sold.size(), "the skus of " + profile + " (platform-seed/README.md)");
        assertEquals(DeclaredTypes.read().keySet(), types.keySet(), "products of every built-in type");
        List<String> stock = Files.readAllLines(dir.resolve(SeedStore.STOCK));
        assertEquals(sold.size(), stock.size());
        for (int i = 0; i < stock.size(); i++) {
            JsonNode s = JSON.readTree(stock.get(i));
            assertEquals(new TreeSet<>(List.of("sku", "qty")), fieldNames(s));
            assertEquals(sold.get(i), s.get("sku").asText(), "stock for each sku sold, in the products' order");
            assertTrue(s.get("qty").isInt() && s.get("qty").asInt() >= 0 && s.get("qty").asInt() <= 1_000_000, stock.get(i));
        }
    }

    /** The exact number of skus sold (stock lines) of each profile at seed 1, as platform-seed/README.md states them. */
    static final Map<Profile, Long> SKUS = Map.of(Profile.SMALL, 2_846L, Profile.MEDIUM, 84_815L, Profile.LARGE, 1_047_757L);

    /** The large profile's file is not written here (235 MiB): its products are generated and their skus counted. */
    @Test
    void the_large_profile_sells_the_readmes_number_of_skus() {
        Products products = new Products(CategoryTree.build(Profile.LARGE, 1), 1);
        List<String> skus = new ArrayList<>();
        long sold = 0;
        for (int i = 0; i < Profile.LARGE.products; i++) {
            products.product(i, skus);
            sold += skus.size();
        }
        assertEquals(SKUS.get(Profile.LARGE), sold);
    }

    /** The skus a product line sells: its own without options, else its variants'. */
    static List<String> soldSkus(JsonNode p) {
        if (!p.has("variants")) {
            return List.of(p.get("sku").asText());
        }
        List<String> skus = new ArrayList<>();
        p.get("variants").forEach(v -> skus.add(v.get("sku").asText()));
        return skus;
    }

    /**
     * docs/design.md#variants in the seed: about 30 % Apparel with options size and colour and 4-12
     * variants, some charging more for some sizes; some albums in 2 or 3 formats; every other product
     * without options, exactly its line from before variants (no options, no variants, one sku).
     */
    @Test
    void apparel_and_albums_in_several_formats_have_variants() {
        CategoryTree tree = CategoryTree.build(Profile.LARGE, 1);
        Products products = new Products(tree, 1);
        List<String> skus = new ArrayList<>();
        int n = 20_000;
        int apparel = 0;
        int albums = 0;
        int albumsInFormats = 0;
        int overridden = 0;
        Map<Integer, Integer> variantCounts = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            JsonNode p = products.product(i, skus);
            String type = p.get("type").asText();
            assertEquals(soldSkus(p), skus, "the skus handed out are the line's");
            if ("Apparel".equals(type)) {
                apparel++;
                assertTrue(p.get("sku").asText().matches("APP-1-\\d{6}"), p.toString());
                assertEquals(List.of("size", "colour"), List.of(p.at("/options/0/name").asText(), p.at("/options/1/name").asText()));
                int variants = p.get("variants").size();
                assertEquals(p.at("/options/0/values").size() * p.at("/options/1/values").size(), variants, "every combination");
                assertTrue(variants >= 4 && variants <= 12, p.toString());
                variantCounts.merge(variants, 1, Integer::sum);
                for (JsonNode v : p.get("variants")) {
                    assertTrue(v.get("sku").asText().startsWith(p.get("sku").asText() + "-"), v.toString());
                    if (v.has("pricing")) {
                        overridden++;
                        assertTrue(v.at("/pricing/list").asLong() > p.at("/pricing/list").asLong(), v.toString());
                    }
                }
            } else if (p.has("variants")) {
                assertEquals("Audio Album", type, p.toString());
                albums++;
                albumsInFormats++;
                assertEquals("format", p.at("/options/0/name").asText());
                assertEquals(1, p.get("options").size());
                int variants = p.get("variants").size();
                assertTrue(variants == 2 || variants == 3, p.toString());
                assertFalse(p.get("details").has("format"), "the format is the option's: " + p);
            } else {
                albums += "Audio Album".equals(type) ? 1 : 0;
                assertFalse(p.has("options"), p.toString());
                assertEquals(List.of(p.get("sku").asText()), skus);
            }
        }
        double share = apparel / (double) n;
        assertTrue(share > 0.28 && share < 0.32, "about 30 % Apparel: " + share);
        assertTrue(albumsInFormats > albums / 10 && albumsInFormats < albums / 3, albumsInFormats + " of " + albums + " albums in formats");
        assertEquals(Set.of(4, 6, 8, 9, 10, 12), variantCounts.keySet(), "sizes × colours: " + variantCounts);
        assertTrue(overridden > 0, "some variants are priced apart");
    }

    /**
     * The large profile's products, sampled over its whole range without writing the 235 MiB file:
     * each product is drawn from a stream of its own, so product i is generated alone.
     */
    @Test
    void a_sample_of_the_large_profile_is_valid(@TempDir Path dir) throws IOException {
        CategoryTree tree = CategoryTree.build(Profile.LARGE, 1);
        Set<String> ids = new HashSet<>();
        tree.nodes.forEach(n -> ids.add(n.id));
        ProductChecks checks = new ProductChecks(DeclaredTypes.read(), ids);
        Products products = new Products(tree, 1);
        List<String> skus = new ArrayList<>();
        Set<String> dates = new HashSet<>();
        for (int i = 0; i < Profile.LARGE.products; i += 61) {
            JsonNode p = products.product(i, skus);
            assertEquals(List.of(), checks.problems(p), p.toString());
            assertEquals(soldSkus(p), skus);
            if (p.at("/details/issue_date").isTextual()) {
                dates.add(p.at("/details/issue_date").asText());
            }
        }
        assertTrue(dates.size() > 1000, "dates are spread: " + dates.size());
    }

    @Test
    void products_are_realistic_and_agree_with_their_category() throws IOException {
        CategoryTree tree = CategoryTree.build(Profile.LARGE, 3);
        Map<String, CategoryTree.Node> byId = new HashMap<>();
        tree.nodes.forEach(n -> byId.put(n.id, n));
        Products products = new Products(tree, 3);
        List<String> skus = new ArrayList<>();
        int withLimit = 0;
        for (int i = 0; i < 5000; i++) {
            JsonNode p = products.product(i, skus);
            CategoryTree.Node category = byId.get(p.at("/category_ids/0").asText());
            long list = p.at("/pricing/list").asLong();
            assertTrue(list >= 799 && list <= 19999 && list % 100 == 99, "a price point: " + list);
            if ("Apparel".equals(p.get("type").asText())) {
                assertTrue(p.get("sku").asText().matches("APP-3-\\d{6}"), p.get("sku").asText());
                assertTrue(java.util.Arrays.stream(Words.GARMENTS).anyMatch(g -> p.get("title").asText().endsWith(" " + g.name())),
                        "a band's or a film's garment: " + p.get("title"));
                continue;
            }
            assertEquals("Audio Album".equals(p.get("type").asText()) ? "Music" : "Film", category.root);
            assertEquals(category.genre.name(), p.at("/details/genre/0").asText());
            assertEquals(category.subgenre, p.at("/details/genre/1").asText());
            int year = Integer.parseInt(p.at("/details/issue_date").asText().substring(0, 4));
            int from = category.decade == 0 ? category.genre.since() : Math.max(category.decade, category.genre.since());
            int to = category.decade == 0 ? Words.LAST_YEAR : Math.min(category.decade + 9, Words.LAST_YEAR);
            assertTrue(year >= from && year <= to, "issued within its category's decade: " + p);
            assertTrue(p.get("sku").asText().matches("(ALB|FLM)-3-\\d{6}"), p.get("sku").asText());
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
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            one.product(i, a);
            two.product(i, b);
            assertNotEquals(a.get(0), b.get(0));
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

package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * bench/run's {@code scale} scenario (issue 19), {@code scale-queries}: the query set of one loaded
 * store, picked from what the store holds, never guessed. The one-product read is the middle one,
 * in file order, of the store's products of its most common type (so that two profiles of one generator
 * read a product of the same kind, whose answer is about as big: a film's is a quarter smaller than an
 * album's); the category is the child with the most products of
 * the root with the most products (the {@code category} facet), unless {@code --category} names one;
 * the "jazz albums" list is the album type with the most products and, within it, {@code Jazz} (or the
 * genre with the most products when the store has no jazz), newest first; the text search is the two
 * words that occur together in the most titles of the store; then issue 58's size and colour queries
 * ({@link #variantQueries}). Every list query is asked once: a query
 * that answers no item, or anything but 200, fails the command (exit 1) with the query named.
 *
 * <p>Writes {@code --out} as TSV, one line per query: name, gateway path, products matched (the sum of
 * the {@code price} facet, which no query selects, so it counts every product that passes the
 * filters; for the option filter the {@code type} facet's), what it is.
 */
final class ScaleQueries {

    private static final Set<String> STOP_WORDS = Set.of("the", "of", "in", "for", "at", "a", "an", "and", "no", "to", "on",
            "part", "ii", "iii", "two");

    private ScaleQueries() {
    }

    record Query(String name, String path, long matched, String what) {
    }

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), null, Duration.ofSeconds(30), 2);
        Path store = Path.of(a.required("store"));
        int limit = a.integer("limit", 20);
        Path out = Path.of(a.required("out"));
        List<String> problems = new ArrayList<>();
        List<Query> queries = pickQueries(api, StoreScan.of(store.resolve("products.ndjson")), a.str("category", ""), limit, problems);

        StringBuilder tsv = new StringBuilder();
        for (Query q : queries) {
            tsv.append(q.name).append('\t').append(q.path).append('\t').append(q.matched).append('\t').append(q.what.replace('\t', ' ')).append('\n');
            System.out.println("QUERY " + q.name + " matched=" + q.matched + " " + q.path);
        }
        Files.writeString(out, tsv.toString());
        if (!problems.isEmpty()) {
            problems.forEach(p -> System.err.println("scale-queries: " + p));
            System.out.println("RESULT scale-queries ok=false problems=" + problems.size());
            return 1;
        }
        System.out.println("RESULT scale-queries ok=true queries=" + queries.size());
        return 0;
    }

    /** The queries, picked from the store and the loaded catalog: one product, a category page, the jazz list, facets, a two-word q. */
    private static List<Query> pickQueries(Api api, StoreScan scan, String category, int limit, List<String> problems) {
        List<Query> queries = new ArrayList<>();
        Api.Response one = api.get("/api/products/" + enc(scan.middleSku));
        if (one.status() != 200) {
            problems.add("GET /api/products/" + scan.middleSku + " (the store's middle sku) -> " + one.status() + " " + abbreviate(one.body()));
        }
        queries.add(new Query("product", "/api/products/" + enc(scan.middleSku), 1, "one product by sku (`" + scan.middleSku
                + "`, the middle " + scan.middleType + " of " + scan.ofType + ", line " + scan.middleLine + " of " + scan.lines
                + " in the store)"));

        boolean picked = category.isEmpty();
        if (picked) {
            category = largestCategory(api, problems);
        }
        String[] typeGenre = albumsAndGenre(api, problems);
        String type = typeGenre[0];
        String genre = typeGenre[1];

        String categoryPath = "/api/products?category=" + enc(category) + "&limit=" + limit;
        if (!category.isEmpty()) {
            queries.add(list(api, problems, "category", categoryPath, "category page `" + category + "`"
                    + (picked ? " (the largest child of the largest root)" : " (SCALE_CATEGORY)")));
        } else {
            problems.add("no category picked");
        }
        if (type != null && genre != null) {
            queries.add(list(api, problems, "jazz", "/api/products?type=" + enc(type) + "&genre=" + enc(genre) + "&sort=-issue_date&limit=" + limit,
                    "`type=" + type + "&genre=" + genre + "&sort=-issue_date`"));
        }
        if (!category.isEmpty()) {
            queries.add(list(api, problems, "facets", categoryPath + "&facets=type,genre,price,category",
                    "category page `" + category + "` + facets `type,genre,price,category`"));
        }
        if (scan.pair == null) {
            problems.add("no two words occur together in the store's titles");
        } else {
            queries.add(list(api, problems, "q", "/api/products?q=" + enc(scan.pair) + "&limit=" + limit,
                    "`q=" + scan.pair + "` (the two words found together in the most titles: " + scan.pairTitles + ")"));
        }
        variantQueries(api, queries, limit, problems);
        return queries;
    }

    /**
     * Issue 58's two: in the category with the most Apparel products (the largest child of the root with
     * the most), its page with the four facets and {@code size,colour}, and {@code size=M&colour=black&inStock=true}
     * (or, when the category has none such in stock, its most common size in stock and, within it, colour).
     */
    private static void variantQueries(Api api, List<Query> queries, int limit, List<String> problems) {
        String type = null;
        for (JsonNode t : facet(api, "/api/products?facets=type&limit=1", "type")) {
            if (t.path("value").asText().equalsIgnoreCase("Apparel")) {
                type = t.path("value").asText();
            }
        }
        if (type == null) {
            problems.add("no Apparel products in the store (type facet): no size and colour queries");
            return;
        }
        JsonNode root = largest(facet(api, "/api/products?type=" + enc(type) + "&facets=category&limit=1", "category"));
        JsonNode child = root == null ? null
                : largest(facet(api, "/api/products?type=" + enc(type) + "&category=" + enc(root.path("slug").asText()) + "&facets=category&limit=1", "category"));
        JsonNode picked = child != null && child.path("count").asLong() > 0 ? child : root;
        if (picked == null) {
            problems.add("no category holds Apparel products (category facet of type=" + type + ")");
            return;
        }
        String category = picked.path("slug").asText();
        String page = "/api/products?category=" + enc(category) + "&limit=" + limit;
        queries.add(list(api, problems, "option_facets", page + "&facets=type,genre,price,category,size,colour",
                "category page `" + category + "` (the most Apparel products: " + picked.path("count").asLong()
                        + ") + facets `type,genre,price,category,size,colour`"));
        String size = pick(option(api, page + "&inStock=true&facets=size", "size"), "M");
        String colour = size == null ? null : pick(option(api, page + "&inStock=true&size=" + enc(size) + "&facets=colour", "colour"), "black");
        if (colour == null) {
            problems.add("no size and colour in stock in category " + category);
            return;
        }
        String filter = "size=" + enc(size) + "&colour=" + enc(colour) + "&inStock=true";
        queries.add(list(api, problems, "option_filter", page + "&" + filter,
                "`" + filter + "` in category `" + category + "`", "type"));
    }

    private static JsonNode option(Api api, String path, String name) {
        Api.Response r = api.get(path);
        return r.status() == 200 ? r.json().path("facets").path("options").path(name) : Api.JSON.createArrayNode();
    }

    /** {@code wanted} when it counts a product, else the value with the most, else null. */
    private static String pick(JsonNode counts, String wanted) {
        for (JsonNode c : counts) {
            if (c.path("value").asText().equals(wanted) && c.path("count").asLong() > 0) {
                return wanted;
            }
        }
        JsonNode top = largest(counts);
        return top == null || top.path("count").asLong() == 0 ? null : top.path("value").asText();
    }

    /** The child with the most products of the root with the most products (the category facet), or "". */
    private static String largestCategory(Api api, List<String> problems) {
        JsonNode root = largest(facet(api, "/api/products?facets=category&limit=1", "category"));
        if (root == null) {
            problems.add("the category facet names no root category (GET /api/products?facets=category)");
            return "";
        }
        JsonNode child = largest(facet(api, "/api/products?category=" + enc(root.path("slug").asText()) + "&facets=category&limit=1", "category"));
        return (child != null && child.path("count").asLong() > 0 ? child : root).path("slug").asText();
    }

    /** The album type with the most products (else the type with the most) and, within it, Jazz (else its largest genre). */
    private static String[] albumsAndGenre(Api api, List<String> problems) {
        JsonNode types = facet(api, "/api/products?facets=type&limit=1", "type");
        JsonNode albumType = null;
        for (JsonNode t : types) {
            if (t.path("value").asText().toLowerCase(Locale.ROOT).contains("album")
                    && (albumType == null || t.path("count").asLong() > albumType.path("count").asLong())) {
                albumType = t;
            }
        }
        if (albumType == null) {
            albumType = largest(types);
        }
        String type = albumType == null ? null : albumType.path("value").asText();
        String genre = null;
        if (type != null) {
            JsonNode genres = facet(api, "/api/products?type=" + enc(type) + "&facets=genre&limit=1", "genre");
            for (JsonNode g : genres) {
                if ("Jazz".equals(g.path("value").asText()) && g.path("count").asLong() > 0) {
                    genre = "Jazz";
                }
            }
            JsonNode top = largest(genres);
            if (genre == null && top != null) {
                genre = top.path("value").asText();
            }
        }
        if (type == null || genre == null) {
            problems.add("no product type or genre found for the 'jazz albums' list (type facet: " + types + ")");
        }
        return new String[] {type, genre};
    }

    /** Asks a list query once: it must answer 200 with at least one item; matched = the sum of its price facet. */
    private static Query list(Api api, List<String> problems, String name, String path, String what) {
        return list(api, problems, name, path, what, "price");
    }

    /** As above, counted by {@code countFacet} (under variant filters the price facet counts a product once per bucket of its passing variants). */
    private static Query list(Api api, List<String> problems, String name, String path, String what, String countFacet) {
        Api.Response r = api.get(path);
        if (r.status() != 200) {
            problems.add(name + ": GET " + path + " -> " + r.status() + " " + abbreviate(r.body()));
            return new Query(name, path, -1, what);
        }
        if (r.json().path("items").size() == 0) {
            problems.add(name + ": GET " + path + " answered 0 items");
            return new Query(name, path, 0, what);
        }
        long matched = 0;
        Api.Response counted = path.contains("facets=") ? r : api.get(path + "&facets=" + countFacet);
        for (JsonNode b : counted.json().path("facets").path(countFacet)) {
            matched += b.path("count").asLong();
        }
        return new Query(name, path, counted.status() == 200 ? matched : -1, what);
    }

    private static JsonNode facet(Api api, String path, String name) {
        Api.Response r = api.get(path);
        return r.status() == 200 ? r.json().path("facets").path(name) : Api.JSON.createArrayNode();
    }

    private static JsonNode largest(JsonNode counts) {
        JsonNode best = null;
        for (JsonNode c : counts) {
            if (best == null || c.path("count").asLong() > best.path("count").asLong()) {
                best = c;
            }
        }
        return best;
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String abbreviate(String s) {
        if (s == null) {
            return "";
        }
        String t = s.replaceAll("\\s+", " ");
        return t.length() > 200 ? t.substring(0, 200) + "…" : t;
    }

    /**
     * Two passes over the store's products: the types and how many of each, then the middle product of
     * the most common type and the pair of title words most often together.
     */
    static final class StoreScan {
        long lines;
        String middleType;
        long ofType;
        long middleLine;
        String middleSku;
        String pair;
        long pairTitles;

        static StoreScan of(Path products) throws Exception {
            StoreScan s = new StoreScan();
            Map<String, long[]> types = new TreeMap<>();
            try (BufferedReader in = Files.newBufferedReader(products, StandardCharsets.UTF_8)) {
                String line;
                while ((line = in.readLine()) != null) {
                    s.lines++;
                    types.computeIfAbsent(Api.JSON.readTree(line).path("type").asText(""), t -> new long[1])[0]++;
                }
            }
            for (Map.Entry<String, long[]> t : types.entrySet()) { // the first in name order among equals
                if (t.getValue()[0] > s.ofType) {
                    s.middleType = t.getKey();
                    s.ofType = t.getValue()[0];
                }
            }
            long middleOfType = Math.max(1, s.ofType / 2);
            long seenOfType = 0;
            Map<String, long[]> pairs = new HashMap<>();
            Map<String, String> shown = new HashMap<>();
            long n = 0;
            try (BufferedReader in = Files.newBufferedReader(products, StandardCharsets.UTF_8)) {
                String line;
                while ((line = in.readLine()) != null) {
                    n++;
                    JsonNode p = Api.JSON.readTree(line);
                    if (p.path("type").asText("").equals(s.middleType) && ++seenOfType == middleOfType) {
                        s.middleSku = p.path("sku").asText();
                        s.middleLine = n;
                    }
                    List<String> words = new ArrayList<>(words(p.path("title").asText("")));
                    for (int i = 0; i < words.size(); i++) {
                        for (int j = i + 1; j < words.size(); j++) {
                            String x = words.get(i).toLowerCase(Locale.ROOT);
                            String y = words.get(j).toLowerCase(Locale.ROOT);
                            String key = x.compareTo(y) < 0 ? x + " " + y : y + " " + x;
                            pairs.computeIfAbsent(key, k -> new long[1])[0]++;
                            shown.putIfAbsent(key, words.get(i) + " " + words.get(j));
                        }
                    }
                }
            }
            String bestKey = null;
            long bestCount = 0;
            for (Map.Entry<String, long[]> e : pairs.entrySet()) {
                long c = e.getValue()[0];
                if (c > bestCount || (c == bestCount && bestKey != null && e.getKey().compareTo(bestKey) < 0)) {
                    bestKey = e.getKey();
                    bestCount = c;
                }
            }
            if (bestKey != null) {
                s.pair = shown.get(bestKey).toLowerCase(Locale.ROOT);
                s.pairTitles = bestCount;
            }
            return s;
        }

        /** The distinct words of a title (letters only, 3 or more), stop words and Roman numerals left out, in order. */
        static Set<String> words(String title) {
            Set<String> out = new LinkedHashSet<>();
            Set<String> seen = new java.util.HashSet<>();
            for (String w : title.split("[^\\p{L}]+")) {
                String lower = w.toLowerCase(Locale.ROOT);
                if (w.length() >= 3 && !STOP_WORDS.contains(lower) && seen.add(lower)) {
                    out.add(w);
                }
            }
            return out;
        }
    }
}

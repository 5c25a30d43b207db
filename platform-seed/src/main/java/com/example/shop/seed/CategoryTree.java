package com.example.shop.seed;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The category tree of a profile: two roots (Music, Film), then genres, subgenres, decades and
 * editions, level by level, exactly {@code profile.categories} nodes and {@code profile.depth}
 * levels. The counts per level grow geometrically; each parent gets its share of children, as
 * evenly as the names its facet list offers allow (a parent whose list runs out gets names with a
 * qualifier: "Hard Bop Rarities"). Small enough to keep in memory (3,000 nodes at most).
 */
final class CategoryTree {

    /** Tree draws come from this stream of the seed; products and stock use others. */
    static final long STREAM = 1;
    static final int MAX_GENRES = 30;
    static final int SLUG_MAX = 64;

    static final class Node {
        final String id;
        final String slug;
        final String name;
        final Node parent;
        final int level;
        final String root;
        final Words.Genre genre;
        /** The subgenre's own name (without a qualifier), from level 3; null above. */
        final String subgenre;
        /** The decade's first year, from level 4; 0 above. */
        final int decade;
        /** The format or edition, from level 5; null above. */
        final String edition;
        final List<Node> children = new ArrayList<>();

        Node(String id, String slug, String name, Node parent, int level, String root, Words.Genre genre, String subgenre,
             int decade, String edition) {
            this.id = id;
            this.slug = slug;
            this.name = name;
            this.parent = parent;
            this.level = level;
            this.root = root;
            this.genre = genre;
            this.subgenre = subgenre;
            this.decade = decade;
            this.edition = edition;
        }
    }

    /** Every node, parents before their children (level by level). */
    final List<Node> nodes;
    /** The nodes without children under each root ("Music", "Film"): where products go. */
    final Map<String, List<Node>> leaves;

    private CategoryTree(List<Node> nodes) {
        this.nodes = nodes;
        this.leaves = new LinkedHashMap<>();
        for (Node n : nodes) {
            if (n.children.isEmpty()) {
                leaves.computeIfAbsent(n.root, r -> new ArrayList<>()).add(n);
            }
        }
    }

    static CategoryTree build(Profile profile, long seed) {
        SeedRandom random = SeedRandom.of(seed, STREAM, 0);
        int[] counts = levelCounts(profile.categories, profile.depth);
        Set<String> slugs = new HashSet<>();
        List<Node> all = new ArrayList<>();
        List<Node> previous = new ArrayList<>();
        for (String root : Words.GENRES.keySet()) {
            Node node = new Node(idOf(seed, slug(root)), slug(root), root, null, 1, root, null, null, 0, null);
            slugs.add(node.slug);
            previous.add(node);
        }
        all.addAll(previous);
        for (int level = 2; level <= profile.depth; level++) {
            List<List<String>> facets = new ArrayList<>();
            for (Node parent : previous) {
                facets.add(facetsOf(parent, level, random));
            }
            int[] shares = shares(counts[level - 1], facets);
            List<Node> current = new ArrayList<>();
            for (int p = 0; p < previous.size(); p++) {
                Node parent = previous.get(p);
                List<String> names = facets.get(p);
                for (int i = 0; i < shares[p]; i++) {
                    String base = names.get(i % names.size());
                    String name = i < names.size() ? base : base + " " + Words.QUALIFIERS[(i / names.size() - 1) % Words.QUALIFIERS.length];
                    Node child = child(parent, level, base, name, seed, slugs);
                    parent.children.add(child);
                    current.add(child);
                }
            }
            all.addAll(current);
            previous = current;
        }
        return new CategoryTree(all);
    }

    /** Nodes per level (index 0 = level 1): 2 roots, then up to 30 genres, then a geometric growth to the total. */
    static int[] levelCounts(int total, int depth) {
        if (depth < 2 || total < 2 + depth - 1) {
            throw new IllegalArgumentException("a tree of " + total + " categories cannot be " + depth + " levels deep");
        }
        int roots = Words.GENRES.size();
        int[] counts = new int[depth];
        counts[0] = roots;
        int remaining = total - roots;
        if (depth == 2) {
            counts[1] = remaining;
            return counts;
        }
        counts[1] = Math.max(1, Math.min(MAX_GENRES, remaining / 4));
        remaining -= counts[1];
        int levels = depth - 2;
        // r such that counts[1] * (r + r^2 + ... + r^levels) = remaining
        double lo = 1e-9;
        double hi = remaining;
        for (int i = 0; i < 200; i++) {
            double r = (lo + hi) / 2;
            double sum = 0;
            double term = counts[1];
            for (int k = 0; k < levels; k++) {
                term *= r;
                sum += term;
            }
            if (sum < remaining) {
                lo = r;
            } else {
                hi = r;
            }
        }
        double term = counts[1];
        int used = 0;
        for (int k = 2; k < depth - 1; k++) {
            term *= lo;
            counts[k] = Math.max(1, (int) Math.round(term));
            used += counts[k];
        }
        counts[depth - 1] = remaining - used;
        return counts;
    }

    /** The names a parent's children at {@code level} are given, in the order they are used. */
    private static List<String> facetsOf(Node parent, int level, SeedRandom random) {
        List<String> names = new ArrayList<>();
        switch (level) {
            case 2 -> Words.GENRES.get(parent.root).forEach(g -> names.add(g.name()));
            case 3 -> names.addAll(parent.genre.subgenres());
            case 4 -> {
                for (int decade : Words.DECADES) {
                    if (decade + 9 >= parent.genre.since()) {
                        names.add(decade + "s");
                    }
                }
            }
            default -> names.addAll(Words.EDITIONS.get(parent.root));
        }
        shuffle(names, random);
        return names;
    }

    /** How many children each parent gets: round robin, first over the parents with names left, then over all. */
    private static int[] shares(int count, List<List<String>> facets) {
        int[] shares = new int[facets.size()];
        int given = 0;
        boolean room = true;
        while (given < count) {
            boolean any = false;
            for (int p = 0; p < shares.length && given < count; p++) {
                if (!room || shares[p] < facets.get(p).size()) {
                    shares[p]++;
                    given++;
                    any = true;
                }
            }
            if (!any) {
                room = false;
            }
        }
        return shares;
    }

    private static Node child(Node parent, int level, String base, String name, long seed, Set<String> slugs) {
        Words.Genre genre = parent.genre;
        String subgenre = parent.subgenre;
        int decade = parent.decade;
        String edition = parent.edition;
        switch (level) {
            case 2 -> genre = Words.GENRES.get(parent.root).stream().filter(g -> g.name().equals(base)).findFirst().orElseThrow();
            case 3 -> subgenre = base;
            case 4 -> decade = Integer.parseInt(base.substring(0, 4));
            default -> edition = base;
        }
        String own = slug(name);
        String slug = level == 2 ? own : parent.slug + "-" + own;
        if (slug.length() > SLUG_MAX) {
            slug = own.substring(0, Math.min(own.length(), SLUG_MAX - 7)) + "-" + idOf(seed, parent.slug).substring(0, 6);
        }
        if (!slugs.add(slug)) {
            String prefixed = parent.slug + "-" + own;
            slug = prefixed.length() <= SLUG_MAX && slugs.add(prefixed) ? prefixed : null;
            for (int n = 2; slug == null; n++) {
                String candidate = own.substring(0, Math.min(own.length(), SLUG_MAX - 4)) + "-" + n;
                if (slugs.add(candidate)) {
                    slug = candidate;
                }
            }
        }
        return new Node(idOf(seed, slug), slug, name, parent, level, parent.root, genre, subgenre, decade, edition);
    }

    /** A category slug: lower-case ASCII letters and digits in words joined by single hyphens. */
    static String slug(String name) {
        String ascii = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}+", "");
        String s = ascii.toLowerCase(Locale.ROOT).replace("&", " and ").replace("'", "").replace("+", " plus ")
                .replaceAll("[^a-z0-9]+", "-");
        return s.replaceAll("^-+|-+$", "");
    }

    /** The category's id: 24 lower-case hex digits, the first 12 bytes of SHA-256 of the seed and the slug. */
    static String idOf(long seed, String slug) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(("platform-seed:" + seed + ":category:" + slug).getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder(24);
            for (byte b : Arrays.copyOf(hash, 12)) {
                hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static <T> void shuffle(List<T> list, SeedRandom random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }
}

package com.example.shop.seed;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a profile's store as three NDJSON files in a directory: {@code categories.ndjson}
 * ({@code {"id", "slug", "name", "parent"}}, parents first), {@code products.ndjson} (the bodies of
 * {@code POST /api/products}) and {@code stock.ndjson} ({@code {"sku", "qty"}}, one per sku sold: a
 * product's own, or each of its variants').
 * Products are streamed: one line in memory at a time. Each file is written under a {@code .part}
 * name and renamed when complete, so a directory holding the three names holds a whole store.
 */
final class SeedStore {

    static final String CATEGORIES = "categories.ndjson";
    static final String PRODUCTS = "products.ndjson";
    static final String STOCK = "stock.ndjson";
    private static final int BUFFER = 1 << 20;

    /** What was written. */
    record Written(int categories, int products, long skus, long categoryBytes, long productBytes, long stockBytes) {
    }

    private SeedStore() {
    }

    static Written write(Profile profile, long seed, Path dir) throws IOException {
        Files.createDirectories(dir);
        CategoryTree tree = CategoryTree.build(profile, seed);
        Path categories = dir.resolve(CATEGORIES + ".part");
        try (JsonLines out = lines(categories)) {
            for (CategoryTree.Node n : tree.nodes) {
                out.write(JsonLines.object().put("id", n.id).put("slug", n.slug).put("name", n.name)
                        .put("parent", n.parent == null ? null : n.parent.slug));
            }
        }
        Products products = new Products(tree, seed);
        Path productFile = dir.resolve(PRODUCTS + ".part");
        Path stockFile = dir.resolve(STOCK + ".part");
        List<String> skus = new ArrayList<>(12);
        long skuCount = 0;
        try (JsonLines productOut = lines(productFile); JsonLines stockOut = lines(stockFile)) {
            for (int i = 0; i < profile.products; i++) {
                productOut.write(products.product(i, skus));
                for (ObjectNode line : products.stock(i, skus)) {
                    stockOut.write(line);
                }
                skuCount += skus.size();
            }
        }
        Path c = Files.move(categories, dir.resolve(CATEGORIES), StandardCopyOption.REPLACE_EXISTING);
        Path s = Files.move(stockFile, dir.resolve(STOCK), StandardCopyOption.REPLACE_EXISTING);
        Path p = Files.move(productFile, dir.resolve(PRODUCTS), StandardCopyOption.REPLACE_EXISTING);
        return new Written(tree.nodes.size(), profile.products, skuCount, Files.size(c), Files.size(p), Files.size(s));
    }

    private static JsonLines lines(Path file) throws IOException {
        return new JsonLines(new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8), BUFFER));
    }
}

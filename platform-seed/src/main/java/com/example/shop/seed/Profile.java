package com.example.shop.seed;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The sizes of a shop, after Magento's performance toolkit: a medium shop has 24,000 products and
 * 300 categories three levels deep, a large one 300,000 products and 3,000 categories five deep.
 * {@code depth} counts levels: a root is level 1.
 */
enum Profile {
    SMALL(800, 30, 3),
    MEDIUM(24_000, 300, 3),
    LARGE(300_000, 3_000, 5);

    final int products;
    final int categories;
    final int depth;

    Profile(int products, int categories, int depth) {
        this.products = products;
        this.categories = categories;
        this.depth = depth;
    }

    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Profile of(String name) {
        for (Profile p : values()) {
            if (p.id().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + name + "' (known: "
                + Arrays.stream(values()).map(Profile::id).collect(Collectors.joining(", ")) + ")");
    }
}

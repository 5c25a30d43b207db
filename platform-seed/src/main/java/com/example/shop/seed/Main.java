package com.example.shop.seed;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code java -jar platform-seed.jar --profile small|medium|large [--seed N] --out DIR}: writes
 * {@code DIR/categories.ndjson}, {@code DIR/products.ndjson} and {@code DIR/stock.ndjson}, and
 * prints one summary line on standard error. Exit status 2 on a usage error.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws IOException {
        int status = run(args, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    static int run(String[] args, PrintStream err) throws IOException {
        String profile = null;
        long seed = 1;
        String out = null;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--profile" -> profile = value(args, ++i, a);
                    case "--seed" -> seed = Long.parseLong(value(args, ++i, a));
                    case "--out" -> out = value(args, ++i, a);
                    case "-h", "--help" -> {
                        usage(err);
                        return 0;
                    }
                    default -> throw new IllegalArgumentException("unknown argument '" + a + "'");
                }
            }
            if (profile == null || out == null) {
                throw new IllegalArgumentException("--profile and --out are required");
            }
            Profile p = Profile.of(profile);
            long t0 = System.nanoTime();
            SeedStore.Written w = SeedStore.write(p, seed, Path.of(out));
            double seconds = (System.nanoTime() - t0) / 1e9;
            err.printf(Locale.ROOT, "seed %s (seed %d): %,d categories, %,d products, %,d skus with stock in %s "
                            + "(%.1f MiB products, %.1f MiB stock, %.0f KiB categories) in %.1f s%n",
                    p.id(), seed, w.categories(), w.products(), w.skus(), out, w.productBytes() / 1048576.0,
                    w.stockBytes() / 1048576.0, w.categoryBytes() / 1024.0, seconds);
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("platform-seed: " + e.getMessage());
            usage(err);
            return 2;
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static void usage(PrintStream err) {
        err.println("usage: java -jar platform-seed.jar --profile small|medium|large [--seed N] --out DIR");
        err.println("  small: 800 products, 30 categories (depth 3); medium: 24,000 and 300 (depth 3);"
                + " large: 300,000 and 3,000 (depth 5)");
    }
}

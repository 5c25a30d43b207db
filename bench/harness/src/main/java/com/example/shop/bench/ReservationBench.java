package com.example.shop.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * bench/run scenario 2: 64 shoppers over 10 hot skus with limited stock, through the gateway,
 * with a restocker; then the invariant read from the database.
 */
final class ReservationBench {

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 4);
        int clients = a.integer("clients", 64);
        int skuCount = a.integer("skus", 10);
        int stock = a.integer("stock", 200);
        Duration duration = a.seconds("seconds", 30);
        String prefix = a.str("prefix", "bench-hot-" + Long.toString(System.currentTimeMillis(), 36));
        Invariant.Expected expected = new Invariant.Expected();
        List<String> skus = Fixtures.products(api, prefix, skuCount, stock, expected);
        Stats stats = new Stats();
        Carts carts = new Carts(api, stats, skus, expected);

        // warm-up (not recorded in the results): a few seconds of the same mix
        Stats warm = new Stats();
        Carts warmCarts = new Carts(api, warm, skus, expected);
        Load.run(clients, a.seconds("warmup", 5), Long.MAX_VALUE, c -> warmCarts.session());

        stats.start();
        Thread restocker = new Thread(() -> {
            long end = System.nanoTime() + duration.toNanos();
            while (System.nanoTime() < end) {
                carts.restock(10);
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        restocker.start();
        Load.run(clients, duration, Long.MAX_VALUE, c -> carts.session());
        restocker.join(60_000);
        stats.stop();

        Invariant.Result inv;
        try (Db db = new Db(a.required("mongo"))) {
            inv = Invariant.check(db.db("cart"), skus, expected, true);
        }
        String md = String.format(Locale.ROOT,
                "%d concurrent shoppers through the gateway, %d hot skus (%s-*) with %d units each, %.0f s measured after a %s s warm-up; "
                        + "409 insufficient-inventory and 402 declined are expected answers, not errors; a restock of 10 units every 250 ms.%n%n",
                clients, skuCount, prefix, stock, stats.seconds(), a.str("warmup", "5"))
                + stats.table() + "\n" + "Invariant after the run, read from the `cart` database:\n\n" + inv.table(12) + "\n"
                + inv.summary() + "\n";
        System.out.println(md);
        write(a, md);
        System.out.println("RESULT reservation ops_per_s=" + String.format(Locale.ROOT, "%.0f", stats.totalCount() / stats.seconds())
                + " p99_ms=" + Stats.ms(stats.total().getValueAtPercentile(99)) + " errors=" + stats.totalErrors()
                + " oversold=" + inv.oversold() + " invariant=" + (inv.ok() ? "holds" : "FAILS"));
        return inv.ok() && stats.totalErrors() == 0 ? 0 : 1;
    }

    static void write(Args a, String md) throws IOException {
        String out = a.str("md", null);
        if (out != null) {
            Files.writeString(Path.of(out), md);
        }
    }
}

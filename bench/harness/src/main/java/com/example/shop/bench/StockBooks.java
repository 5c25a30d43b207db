package com.example.shop.bench;

import com.example.shop.stockinvariant.ExpectedStock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The two ends of a load that another tool (Gatling, bench/gatling) drives: {@code stock-setup}
 * stocks the skus it will shop for and writes them to a file (sku, tab, units), and
 * {@code stock-audit} reads them back once the load has stopped and does the drop's books on them
 * ({@link DropAudit}: the jobs, units oversold and stranded, the strict invariant). The load tool
 * counts requests; what the platform must not lose is counted here, as for every other scenario.
 */
final class StockBooks {

    private StockBooks() {
    }

    /**
     * {@code stock-setup --gateway G --token T --prefix P --out FILE} and either {@code --variants N
     * --units U} (the drop: one Apparel product in N sizes, or one sku when N is 1) or {@code --skus K
     * --stock S} (the reservation mix's K hot skus with S units each).
     */
    static int setup(Args a) throws IOException {
        Api admin = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(60), 2);
        String prefix = a.required("prefix");
        ExpectedStock ignored = new ExpectedStock();
        List<String> skus;
        Map<String, Integer> units = new LinkedHashMap<>();
        if (a.str("variants", null) != null) {
            int variants = a.integer("variants", 1);
            int total = a.integer("units", 1_000);
            skus = variants <= 1 ? Fixtures.products(admin, prefix, 1, total, ignored) : DropBench.sizes(admin, prefix, variants, total, ignored);
            for (int i = 0; i < skus.size(); i++) {
                units.put(skus.get(i), total / skus.size() + (i < total % skus.size() ? 1 : 0));
            }
        } else {
            int stock = a.integer("stock", 150);
            skus = Fixtures.products(admin, prefix, a.integer("skus", 10), stock, ignored);
            skus.forEach(sku -> units.put(sku, stock));
        }
        StringBuilder file = new StringBuilder();
        units.forEach((sku, n) -> file.append(sku).append('\t').append(n).append('\n'));
        Files.writeString(Path.of(a.required("out")), file);
        System.out.println("STOCK " + String.join(",", skus));
        return 0;
    }

    /**
     * {@code stock-audit --gateway G --token T --mongo URI --stock FILE [--restocked] [--md FILE]}: the
     * drop's books on the file's skus. Without {@code --restocked} the file's units are what each
     * sku must account for; with it (the load restocked too) the service's own {@code stocked}.
     * Passes when nothing is oversold, nothing stranded after the expiry and the invariant holds.
     */
    static int audit(Args a) throws Exception {
        Api admin = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(60), 2);
        List<String> skus = new ArrayList<>();
        ExpectedStock expected = a.flag("restocked") ? null : new ExpectedStock();
        for (String line : Files.readAllLines(Path.of(a.required("stock")))) {
            String[] f = line.split("\t");
            if (f.length == 2) {
                skus.add(f[0]);
                if (expected != null) {
                    expected.initial(f[0], Long.parseLong(f[1]));
                }
            }
        }
        DropAudit.Result au = DropAudit.run(admin, a.required("mongo"), skus, expected);
        String md = markdown(au);
        System.out.println(md);
        ReservationBench.write(a, md);
        boolean ok = au.invariant().ok() && au.invariant().oversold() == 0 && au.strandedAfterExpiry() == 0;
        System.out.println(String.format(Locale.ROOT, "RESULT audit label=%s skus=%d sold=%d oversold=%d stranded_after_expiry=%d stranded=%d invariant=%s",
                a.str("label", "audit"), skus.size(), au.sold(), au.invariant().oversold(), au.strandedAfterExpiry(), au.strandedAfterCleanup(),
                au.invariant().ok() ? "holds" : "FAILS"));
        return ok ? 0 : 1;
    }

    private static String markdown(DropAudit.Result au) {
        StringBuilder sb = new StringBuilder("After the load: ").append(String.join("; ", au.jobs())).append(".\n\n")
                .append("| sku | available | reserved | sold | stocked | stranded after the expiry · the cleanup |\n|---|---:|---:|---:|---:|---:|\n");
        for (DropAudit.Books b : au.skus()) {
            SkuStock s = b.afterCleanup();
            sb.append(String.format(Locale.ROOT, "| `%s` | %d | %d | %d | %d | %d · %d |%n", b.sku(), s.available(), s.reserved(), s.sold(),
                    s.stocked(), b.strandedAfterExpiry(), b.strandedAfterCleanup()));
        }
        return sb.append("\nInvariant (strict), read from the `cart` database: ").append(au.invariant().summary()).append('\n').toString();
    }
}

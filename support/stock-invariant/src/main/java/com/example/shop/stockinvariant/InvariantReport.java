package com.example.shop.stockinvariant;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of one check: a row per sku, the problems that belong to no sku of the inventory
 * (cart lines of skus that have no inventory document), and counts for a one-line summary.
 */
public record InvariantReport(StockInvariant.Level level, List<SkuCheck> rows, List<String> orphanProblems, long oversold,
                              int unmatched, int entries, int carts) {

    public boolean ok() {
        return failingSkus() == 0 && orphanProblems.isEmpty();
    }

    public int failingSkus() {
        return (int) rows.stream().filter(r -> !r.ok()).count();
    }

    /** Every problem found, each naming its sku: what a test prints when the invariant fails. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        for (SkuCheck r : rows) {
            r.problems().forEach(p -> out.add(r.sku() + ": " + p));
        }
        out.addAll(orphanProblems);
        return out;
    }

    public String summary() {
        return String.format(Locale.ROOT, "invariant (%s) %s: %d skus, %d failing, oversold units %d, carted entries %d, carts %d, "
                        + "unbacked/unmatched %d%s",
                level.name().toLowerCase(Locale.ROOT), ok() ? "HOLDS" : "FAILS", rows.size(), failingSkus(), oversold, entries, carts,
                unmatched, orphanProblems.isEmpty() ? "" : ", " + String.join("; ", orphanProblems));
    }

    /** A Markdown table: the first {@code maxRows} skus and every failing one, then the sums. */
    public String table(int maxRows) {
        StringBuilder sb = new StringBuilder(
                "| sku | initial + restocks | `stocked` | available | reserved | sold | units in complete carts | returned by cancelled orders | units in holding carts | oversold | verdict |\n"
                        + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        int shown = 0;
        long[] sum = new long[8];
        for (SkuCheck r : rows) {
            sum[0] += r.stocked();
            sum[1] += r.available();
            sum[2] += r.reserved();
            sum[3] += r.sold();
            sum[4] += r.completeUnits();
            sum[5] += r.holdingUnits();
            sum[6] += r.oversold();
            sum[7] += r.returnedUnits();
            if (shown < maxRows || !r.ok()) {
                sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %s |%n", r.sku(), r.expected(),
                        r.stocked(), r.available(), r.reserved(), r.sold(), r.completeUnits(), r.returnedUnits(), r.holdingUnits(), r.oversold(),
                        r.ok() ? "ok" : "**FAIL**: " + String.join("; ", r.problems())));
                shown++;
            }
        }
        if (rows.size() > shown) {
            sb.append(String.format(Locale.ROOT, "| … %d more skus, all ok | | | | | | | | | | |%n", rows.size() - shown));
        }
        sb.append(String.format(Locale.ROOT, "| **Σ %d skus** | | %d | %d | %d | %d | %d | %d | %d | %d | %s |%n", rows.size(),
                sum[0], sum[1], sum[2], sum[3], sum[4], sum[7], sum[5], sum[6],
                ok() ? "**holds**" : "**FAILS for " + failingSkus() + " skus**"));
        for (String p : orphanProblems) {
            sb.append(String.format(Locale.ROOT, "%n**FAIL**: %s%n", p));
        }
        return sb.toString();
    }
}

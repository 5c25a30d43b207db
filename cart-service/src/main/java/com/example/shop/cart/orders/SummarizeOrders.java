package com.example.shop.cart.orders;

import com.example.shop.problems.Problems;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * GET /admin/orders/summary: one pass over the orders placed in the range (a year at most), counted
 * per UTC day and per sku as they are read; cancelled orders are not sales and are left out.
 */
@Singleton
public record SummarizeOrders(OrdersStore store) {

    /** The longest range one summary covers. */
    static final Duration LONGEST = Duration.ofDays(366);

    public SalesSummary summarize(String from, String to, int top) {
        if (from == null) {
            throw Problems.invalidField("from", "Query parameter 'from' is required: the start of the range");
        }
        if (to == null) {
            throw Problems.invalidField("to", "Query parameter 'to' is required: the end of the range (not included)");
        }
        Instant since = OrderFilter.time(from, "from");
        Instant until = OrderFilter.time(to, "to");
        if (!since.isBefore(until)) {
            throw Problems.invalidField("to", "Query parameter 'to' must be later than 'from'");
        }
        if (Duration.between(since, until).compareTo(LONGEST) > 0) {
            throw Problems.invalidField("to", "A summary covers at most 366 days");
        }
        Map<LocalDate, Counts> days = new TreeMap<>();
        for (LocalDate day = date(since); !day.isAfter(date(until.minusMillis(1))); day = day.plusDays(1)) {
            days.put(day, new Counts());
        }
        Map<String, SkuCounts> skus = new HashMap<>();
        store.forEachSold(since, until, order -> {
            Counts day = days.get(date(order.placedAt()));
            day.orders++;
            day.units += order.totalUnits();
            day.revenue.merge(order.currency(), order.totalAmount(), Long::sum);
            for (StoredOrder.Line line : order.lines()) {
                SkuCounts sku = skus.computeIfAbsent(line.sku(), k -> new SkuCounts());
                sku.title = line.title();
                sku.units += line.qty();
                sku.revenue.merge(order.currency(), line.lineTotal(), Long::sum);
            }
        });
        List<SalesSummary.Day> perDay = new ArrayList<>();
        days.forEach((day, counts) -> perDay.add(new SalesSummary.Day(day, counts.orders, counts.units, counts.revenue)));
        List<SalesSummary.TopSku> topSkus = skus.entrySet().stream()
                .map(e -> new SalesSummary.TopSku(e.getKey(), e.getValue().title, e.getValue().units, e.getValue().revenue))
                .sorted(Comparator.comparingLong(SalesSummary.TopSku::units).reversed().thenComparing(SalesSummary.TopSku::sku))
                .limit(top).toList();
        return new SalesSummary(since, until, perDay, topSkus);
    }

    private static LocalDate date(Instant at) {
        return at.atZone(ZoneOffset.UTC).toLocalDate();
    }

    private static final class Counts {
        long orders;
        long units;
        final Map<String, Long> revenue = new LinkedHashMap<>();
    }

    private static final class SkuCounts {
        String title;
        long units;
        final Map<String, Long> revenue = new LinkedHashMap<>();
    }
}

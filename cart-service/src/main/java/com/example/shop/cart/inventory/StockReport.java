package com.example.shop.cart.inventory;

import com.example.shop.cart.CartProblems;
import com.example.shop.problems.Problems;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.ToLongFunction;

/**
 * The admin view of stock: per sku what is available, reserved and sold (and sold in the last hour),
 * who holds it (a page of reservations at a time) and how long the reserved units have been held,
 * in age bands by their reservation's last reservation; and the overview of every sku. A sku whose
 * units sit in the oldest bands is being held, not bought: the sign of a hoarder the limits did not stop.
 * Every list is a page; the age bands read the sku's reservations along the {@code _id} index, one
 * small document per holder.
 */
@ApplicationScoped
public class StockReport {

    /** Upper edges of the age bands; the last band is open-ended. */
    static final List<Duration> BAND_EDGES = List.of(Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofHours(2));
    static final List<String> BAND_NAMES = List.of("0-5m", "5m-30m", "30m-2h", "2h+");

    private final InventoryStore inventory;
    private final ReservationStore reservations;

    StockReport(InventoryStore inventory, ReservationStore reservations) {
        this.inventory = inventory;
        this.reservations = reservations;
    }

    /** Units held by the carts, by how long ago their reservation last grew. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record AgeBand(String band, long units, int carts) {
    }

    /** A sku's stock figures. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record SkuStock(String sku, long available, long reserved, long sold, long stocked, long soldLastHour) {

        static SkuStock of(StoredStock stock, Instant now) {
            return new SkuStock(stock.sku(), stock.available(), stock.reserved(), stock.sold(), stock.stocked(), stock.soldLastHour(now));
        }
    }

    /** A sku's stock, its number of holders and the reserved units by age. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record SkuHoldings(String sku, long available, long reserved, long sold, long stocked, long soldLastHour, int holders,
                              List<AgeBand> heldByAge) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Page(List<SkuStock> items, String next) {
    }

    /** One cart's reservation of the sku. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Holder(String cartId, long qty, Instant reservedAt) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record HolderPage(List<Holder> items, String next) {
    }

    /** A sku in the overview: its stock and what it sold within the overview's window. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record WatchedSku(String sku, long available, long reserved, long sold, long stocked, long soldInWindow) {
    }

    /** The skus to watch during a sale; {@code window} is an ISO-8601 duration. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Overview(String window, List<WatchedSku> leastAvailable, List<WatchedSku> mostHeld, List<WatchedSku> mostSold,
                           Instant asOf) {
    }

    public SkuHoldings of(String sku) {
        StoredStock stock = stock(sku);
        Instant now = Instant.now();
        long[] units = new long[BAND_NAMES.size()];
        int[] carts = new int[BAND_NAMES.size()];
        int[] holders = {0};
        reservations.forEachHolderOf(sku, held -> {
            if (held.qty() <= 0) {
                return;
            }
            int band = band(held.reservedAt(), now);
            units[band] += held.qty();
            carts[band]++;
            holders[0]++;
        });
        List<AgeBand> bands = new ArrayList<>();
        for (int i = 0; i < BAND_NAMES.size(); i++) {
            bands.add(new AgeBand(BAND_NAMES.get(i), units[i], carts[i]));
        }
        return new SkuHoldings(sku, stock.available(), stock.reserved(), stock.sold(), stock.stocked(), stock.soldLastHour(now),
                holders[0], bands);
    }

    /** The sku's holders in cart id order, {@code limit} at a time; {@code cursor} is the {@code next} of the previous page. */
    public HolderPage holders(String sku, int limit, String cursor) {
        stock(sku);
        String after = cursor == null ? null : decode(cursor);
        List<Holder> items = new ArrayList<>();
        for (StoredReservation held : reservations.holdersOf(sku, after, limit + 1)) {
            items.add(new Holder(held.cartId(), held.qty(), held.reservedAt() == null ? null : held.reservedAt().toInstant()));
        }
        String next = null;
        if (items.size() > limit) {
            items.remove(limit);
            next = encode(items.get(limit - 1).cartId());
        }
        return new HolderPage(items, next);
    }

    /** Skus in order, {@code limit} at a time; {@code cursor} is the {@code next} of the previous page. */
    public Page page(int limit, String cursor) {
        String after = cursor == null ? null : decode(cursor);
        List<SkuStock> items = new ArrayList<>();
        Instant now = Instant.now();
        for (StoredStock stock : inventory.inSkuOrder(after, limit + 1)) {
            items.add(SkuStock.of(stock, now));
        }
        String next = null;
        if (items.size() > limit) {
            items.remove(limit);
            next = encode(items.get(limit - 1).sku());
        }
        return new Page(items, next);
    }

    /**
     * The {@code limit} skus with the least available, the most reserved and the most sold within
     * {@code window} (those that sold any), read in one pass over the stock documents: one small
     * document per sku, not one per holder.
     */
    public Overview overview(int limit, Duration window) {
        Instant now = Instant.now();
        Top least = new Top(limit, Comparator.comparingLong(WatchedSku::available).reversed().thenComparing(WatchedSku::sku));
        Top held = new Top(limit, byLong(WatchedSku::reserved));
        Top selling = new Top(limit, byLong(WatchedSku::soldInWindow));
        inventory.forEachStock(stock -> {
            WatchedSku sku = new WatchedSku(stock.sku(), stock.available(), stock.reserved(), stock.sold(), stock.stocked(),
                    stock.sales().within(window, now));
            least.offer(sku);
            if (sku.reserved() > 0) {
                held.offer(sku);
            }
            if (sku.soldInWindow() > 0) {
                selling.offer(sku);
            }
        });
        return new Overview(window.toString(), least.best(), held.best(), selling.best(), now);
    }

    /** Largest first, ties by sku; as a "worst first" order for the heap. */
    private static Comparator<WatchedSku> byLong(ToLongFunction<WatchedSku> value) {
        return Comparator.comparingLong(value).thenComparing(WatchedSku::sku, Comparator.reverseOrder());
    }

    /** The best {@code limit} by an order in which the best come last (a bounded min-heap of the best so far). */
    private static final class Top {
        private final int limit;
        private final Comparator<WatchedSku> order;
        private final PriorityQueue<WatchedSku> heap;

        Top(int limit, Comparator<WatchedSku> order) {
            this.limit = limit;
            this.order = order;
            this.heap = new PriorityQueue<>(order);
        }

        void offer(WatchedSku stock) {
            heap.add(stock);
            if (heap.size() > limit) {
                heap.poll();
            }
        }

        List<WatchedSku> best() {
            List<WatchedSku> best = new ArrayList<>(heap);
            best.sort(order.reversed());
            return best;
        }
    }

    private StoredStock stock(String sku) {
        StoredStock stock = inventory.findWithoutMarks(sku);
        if (stock == null) {
            throw CartProblems.noSuchInventory(sku);
        }
        return stock;
    }

    private static int band(Date reservedAt, Instant now) {
        Duration age = reservedAt == null ? Duration.ZERO : Duration.between(reservedAt.toInstant(), now);
        int band = 0;
        while (band < BAND_EDGES.size() && age.compareTo(BAND_EDGES.get(band)) >= 0) {
            band++;
        }
        return band;
    }

    private static String encode(String value) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(value.getBytes(StandardCharsets.UTF_8));
    }

    private static String decode(String cursor) {
        try {
            return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw Problems.invalidField("cursor", "Not a cursor of this list: pass the 'next' of the previous page.");
        }
    }
}

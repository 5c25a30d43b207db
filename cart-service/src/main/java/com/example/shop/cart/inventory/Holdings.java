package com.example.shop.cart.inventory;

import static com.example.shop.cart.StoredFields.number;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;

import com.example.shop.cart.CartProblems;
import com.example.shop.problems.Problems;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Sorts;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The admin view of stock: per sku what is available, reserved and sold, and how long the reserved
 * units have been held, in age bands by their entry's last reservation. A sku whose units sit in
 * the oldest bands is being held, not bought: the sign of a hoarder the limits did not stop.
 */
@ApplicationScoped
public class Holdings {

    /** Upper edges of the age bands; the last band is open-ended. */
    static final List<Duration> BAND_EDGES = List.of(Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofHours(2));
    static final List<String> BAND_NAMES = List.of("0-5m", "5m-30m", "30m-2h", "2h+");

    private final MongoCollection<Document> inventory;

    Holdings(InventoryStore store) {
        this.inventory = store.inventory();
    }

    /** Units held by the carts, by how long ago their entry last reserved. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record AgeBand(String band, long units, int carts) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record SkuHoldings(String sku, long available, long reserved, long sold, long stocked, int holders,
                              List<AgeBand> heldByAge) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Page(List<SkuHoldings> items, String next) {
    }

    public SkuHoldings of(String sku) {
        Document doc = inventory.find(eq("_id", sku)).first();
        if (doc == null) {
            throw CartProblems.noSuchInventory(sku);
        }
        return view(doc, Instant.now());
    }

    /** Skus in order, {@code limit} at a time; {@code cursor} is the {@code next} of the previous page. */
    public Page page(int limit, String cursor) {
        Bson filter = cursor == null ? new Document() : gt("_id", decode(cursor));
        List<SkuHoldings> items = new ArrayList<>();
        Instant now = Instant.now();
        for (Document doc : inventory.find(filter).sort(Sorts.ascending("_id")).limit(limit + 1)) {
            items.add(view(doc, now));
        }
        String next = null;
        if (items.size() > limit) {
            items.remove(limit);
            next = Base64.getUrlEncoder().withoutPadding().encodeToString(items.get(limit - 1).sku().getBytes(StandardCharsets.UTF_8));
        }
        return new Page(items, next);
    }

    private static SkuHoldings view(Document doc, Instant now) {
        long[] units = new long[BAND_NAMES.size()];
        int[] carts = new int[BAND_NAMES.size()];
        List<Document> entries = StoredStock.entries(doc);
        for (Document entry : entries) {
            Date timestamp = entry.getDate("timestamp");
            Duration age = timestamp == null ? Duration.ZERO : Duration.between(timestamp.toInstant(), now);
            int band = 0;
            while (band < BAND_EDGES.size() && age.compareTo(BAND_EDGES.get(band)) >= 0) {
                band++;
            }
            units[band] += number(entry, "qty");
            carts[band]++;
        }
        List<AgeBand> bands = new ArrayList<>();
        for (int i = 0; i < BAND_NAMES.size(); i++) {
            bands.add(new AgeBand(BAND_NAMES.get(i), units[i], carts[i]));
        }
        return new SkuHoldings(doc.getString("_id"), StoredStock.available(doc), StoredStock.reserved(doc), number(doc, "sold"),
                number(doc, "stocked"), entries.size(), bands);
    }

    private static String decode(String cursor) {
        try {
            return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw Problems.invalidField("cursor", "Not a cursor of this list: pass the 'next' of the previous page.");
        }
    }
}

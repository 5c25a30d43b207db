package com.example.shop.catalog.product;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.bson.Document;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * A product as the API writes it: its JSON, made straight from the stored document (no
 * intermediate object tree), so that the read path costs one findOne and one pass over the
 * document, and its sku and version (for {@code Location} and {@code ETag}). Dates (only the
 * {@code date} attributes of {@code details}) are written {@code YYYY-MM-DD}; integers as plain
 * JSON numbers.
 */
public record ProductJson(String sku, long version, String json) {

    private static final long DAY = 86_400_000L;

    static final JsonWriterSettings SETTINGS = JsonWriterSettings.builder()
            .outputMode(JsonMode.RELAXED)
            .int64Converter((value, writer) -> writer.writeNumber(Long.toString(value)))
            .dateTimeConverter((value, writer) -> writer.writeString(value % DAY == 0
                    ? Instant.ofEpochMilli(value).atOffset(ZoneOffset.UTC).toLocalDate().toString()
                    : Instant.ofEpochMilli(value).toString()))
            .build();

    static ProductJson of(Document product) {
        return new ProductJson(product.getString("sku"), ((Number) product.get("version")).longValue(),
                product.toJson(SETTINGS));
    }

    /** A product as listed, for the answer to the write that made it. */
    static ProductJson of(com.example.shop.catalog.search.ListedProduct listed) {
        return new ProductJson(listed.sku(), ((Number) listed.product().get("version")).longValue(), listed.json());
    }

    /** A page of products: {@code {"items": [...], "next": cursor or null}}. */
    static String page(List<Document> items, String next) {
        StringBuilder json = new StringBuilder(256 + items.size() * 700).append("{\"items\":[");
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                json.append(',');
            }
            json.append(items.get(i).toJson(SETTINGS));
        }
        json.append("],\"next\":");
        if (next == null) {
            json.append("null");
        } else {
            json.append('"').append(next).append('"'); // base64url: nothing to escape
        }
        return json.append('}').toString();
    }
}

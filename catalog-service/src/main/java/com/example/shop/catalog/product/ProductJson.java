package com.example.shop.catalog.product;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
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

    /**
     * One product as the answers about it show it (GET, POST and PUT of {@code /products/{sku}}): the
     * product as listed ({@link #listing}) and, after its {@code keywords}, {@code keywords_extra}, those
     * typed by hand ({@link Keywords#typedBy}), so that an editor needs no copy of the keyword rule.
     * Listings and the export leave it out: nothing there edits keywords, and the search index keeps
     * each listing's JSON, which stays as it was.
     */
    static ProductJson of(Document shown) {
        Document answer = new Document();
        for (Map.Entry<String, Object> field : shown.entrySet()) {
            answer.append(field.getKey(), field.getValue());
            if (field.getKey().equals("keywords") && field.getValue() instanceof List<?> keywords) {
                answer.append("keywords_extra", Keywords.typedBy(keywords, shown.getString("title"),
                        shown.get("details", Document.class)));
            }
        }
        return new ProductJson(shown.getString("sku"), ((Number) shown.get("version")).longValue(), answer.toJson(SETTINGS));
    }

    /** A product as a listing shows it, from the stored document with the per-cart limit in force. */
    static String listing(Document shown) {
        return shown.toJson(SETTINGS);
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

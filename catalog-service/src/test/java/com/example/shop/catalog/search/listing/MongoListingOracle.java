package com.example.shop.catalog.search.listing;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * The listing as the first version answered it, straight from MongoDB (its {@code SearchProducts},
 * kept here as the oracle the index is held to): the same filters, the same (sort key, sku) keyset
 * pages, the same cursors. Multi-valued type and genre are {@code $in}, a price range is
 * {@code $gte}/{@code $lt} on the retail price: what those parameters mean.
 */
final class MongoListingOracle {

    private static final long DAY = 86_400_000L;

    /** As the first version wrote a product (bson relaxed JSON, integers plain, dates of details YYYY-MM-DD). */
    static final JsonWriterSettings SETTINGS = JsonWriterSettings.builder()
            .outputMode(JsonMode.RELAXED)
            .int64Converter((value, writer) -> writer.writeNumber(Long.toString(value)))
            .dateTimeConverter((value, writer) -> writer.writeString(value % DAY == 0
                    ? Instant.ofEpochMilli(value).atOffset(ZoneOffset.UTC).toLocalDate().toString()
                    : Instant.ofEpochMilli(value).toString()))
            .build();

    /** One page: the products as JSON and the cursor of the next page. */
    record Page(List<String> items, List<String> skus, String next) {
    }

    private final MongoCollection<Document> products;
    private final ProductCursor cursors;
    private final UnaryOperator<Document> shown;

    MongoListingOracle(MongoCollection<Document> products, String cursorSecret, UnaryOperator<Document> shown) {
        this.products = products;
        this.cursors = new ProductCursor(cursorSecret);
        this.shown = shown;
    }

    Page page(ProductQuery query, List<String> categoryIds) {
        List<Bson> filters = new ArrayList<>();
        if (!query.types().isEmpty()) {
            filters.add(Filters.in("type", query.types()));
        }
        if (!query.genres().isEmpty()) {
            filters.add(Filters.in("details.genre", query.genres()));
        }
        if (query.actor() != null) {
            filters.add(Filters.eq("details.actor", query.actor()));
        }
        if (query.minSavingsPct() != null) {
            filters.add(Filters.gt("pricing.pct_savings", query.minSavingsPct().longValue()));
        }
        if (query.title() != null) {
            filters.add(Filters.regex("title", literal(query.title()), "i"));
        }
        if (query.titlePrefix() != null) {
            filters.add(Filters.regex("title", "^" + literal(query.titlePrefix())));
        }
        if (query.keyword() != null) {
            filters.add(Filters.eq("keywords", query.keyword()));
        }
        if (categoryIds != null) {
            filters.add(Filters.in("category_ids", categoryIds));
        }
        if (!query.prices().isEmpty()) {
            List<Bson> any = new ArrayList<>();
            for (PriceRange range : query.prices()) {
                any.add(range.max() == null ? Filters.gte("pricing.retail", range.min())
                        : Filters.and(Filters.gte("pricing.retail", range.min()), Filters.lt("pricing.retail", range.max())));
            }
            filters.add(Filters.or(any));
        }
        ProductSort sort = query.sort();
        int fingerprint = query.fingerprint();
        if (query.cursor() != null) {
            filters.add(after(sort, cursors.decode(query.cursor(), fingerprint, sort)));
        }
        Bson filter = filters.isEmpty() ? new Document() : Filters.and(filters);
        Bson order = sort == ProductSort.SKU ? Sorts.ascending("sku")
                : Sorts.orderBy(sort.direction < 0 ? Sorts.descending(sort.field) : Sorts.ascending(sort.field),
                Sorts.ascending("sku"));
        List<Document> items = products.find(filter).projection(Projections.excludeId()).sort(order)
                .limit(query.limit() + 1).into(new ArrayList<>());
        String next = null;
        if (items.size() > query.limit()) {
            items.remove(items.size() - 1);
            Document last = items.get(items.size() - 1);
            Object key = sort == ProductSort.SKU ? null : valueAt(last, sort.field);
            next = cursors.encode(fingerprint, new ProductCursor.Position(key, last.getString("sku")));
        }
        return new Page(items.stream().map(d -> shown.apply(d).toJson(SETTINGS)).toList(),
                items.stream().map(d -> d.getString("sku")).toList(), next);
    }

    private static Bson after(ProductSort sort, ProductCursor.Position position) {
        Bson laterSku = Filters.gt("sku", position.sku());
        if (sort == ProductSort.SKU) {
            return laterSku;
        }
        Object key = position.key();
        if (key == null) {
            return Filters.and(Filters.eq(sort.field, null), laterSku);
        }
        Bson beyond = sort.direction < 0 ? Filters.lt(sort.field, key) : Filters.gt(sort.field, key);
        Bson tie = Filters.and(Filters.eq(sort.field, key), laterSku);
        return sort.nullable ? Filters.or(beyond, tie, Filters.eq(sort.field, null)) : Filters.or(beyond, tie);
    }

    private static Object valueAt(Document document, String dottedField) {
        Object value = document;
        for (String part : dottedField.split("\\.")) {
            if (!(value instanceof Document d)) {
                return null;
            }
            value = d.get(part);
        }
        return value instanceof Integer i ? Long.valueOf(i) : value;
    }

    /** A regular expression matching {@code text} literally, in MongoDB (PCRE) and Java syntax alike. */
    static String literal(String text) {
        StringBuilder escaped = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 128 && !Character.isLetterOrDigit(c)) {
                escaped.append('\\');
            }
            escaped.append(c);
        }
        return escaped.toString();
    }
}

package com.example.shop.catalog.product;

import com.example.shop.catalog.config.CatalogConfig;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Product searches (book ch. 5 "Operations"): every filter is built here from typed values, never
 * from client JSON, and every text a client gives is matched literally (regex metacharacters are
 * escaped). Pages are keyset-paginated on (sort key, sku), so a page costs an index range scan
 * however deep it is, and an insert between two pages neither repeats nor skips a product.
 */
@ApplicationScoped
public class ProductSearch {

    /** One page of products and the cursor of the next page (null on the last page). */
    public record Page(List<Document> items, String next) {
    }

    private final MongoCollection<Document> products;
    private final ProductCursor cursors;
    private final PerCartLimit perCartLimit;

    public ProductSearch(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database,
                         CatalogConfig config, PerCartLimit perCartLimit) {
        this.products = mongo.getDatabase(database).getCollection(ProductCatalog.COLLECTION);
        this.cursors = new ProductCursor(config.cursor().secret());
        this.perCartLimit = perCartLimit;
    }

    /** Runs {@code query}; {@code categoryIds}, when not null, restricts to products in any of those categories. */
    public Page search(ProductQuery query, List<String> categoryIds) {
        List<Bson> filters = new ArrayList<>();
        if (query.type() != null) {
            filters.add(Filters.eq("type", query.type()));
        }
        if (query.genre() != null) {
            filters.add(Filters.eq("details.genre", query.genre()));
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
            filters.add(Filters.eq("keywords", Keywords.normalize(query.keyword())));
        }
        if (categoryIds != null) {
            filters.add(Filters.in("category_ids", categoryIds));
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
        List<Document> items = products.find(filter).projection(ProductCatalog.WITHOUT_ID).sort(order)
                .limit(query.limit() + 1).into(new ArrayList<>(query.limit() + 1));
        String next = null;
        if (items.size() > query.limit()) {
            items.remove(items.size() - 1);
            Document last = items.get(items.size() - 1);
            Object key = sort == ProductSort.SKU ? null : valueAt(last, sort.field);
            next = cursors.encode(fingerprint, new ProductCursor.Position(key, last.getString("sku")));
        }
        items.forEach(perCartLimit::shownOn);
        return new Page(items, next);
    }

    /** The products strictly after {@code position} in the order {@code sort}. */
    static Bson after(ProductSort sort, ProductCursor.Position position) {
        Bson laterSku = Filters.gt("sku", position.sku());
        if (sort == ProductSort.SKU) {
            return laterSku;
        }
        Object key = position.key();
        if (key == null) {
            // only for a nullable field sorted descending: the rest are the other products without it
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

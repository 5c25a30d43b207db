package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.category.CategorySubtrees;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * Product searches (book ch. 5 "Operations"): every filter is built here from typed values, never
 * from client JSON, and every text a client gives is matched literally (regex metacharacters are
 * escaped). Pages are keyset-paginated on (sort key, sku), so a page costs an index range scan
 * however deep it is, and an insert between two pages neither repeats nor skips a product. A
 * {@code category} filter asks the category service for the category's subtree first (its
 * failures are answered there: 404 unknown category, 503 category service unavailable).
 */
@ApplicationScoped
public class SearchProducts {

    private final ProductStore store;
    private final CategorySubtrees categories;
    private final ProductCursor cursors;
    private final PerCartLimit perCartLimit;

    SearchProducts(ProductStore store, CategorySubtrees categories, CatalogConfig config, PerCartLimit perCartLimit) {
        this.store = store;
        this.categories = categories;
        this.cursors = new ProductCursor(config.cursor().secret());
        this.perCartLimit = perCartLimit;
    }

    /** Runs {@code query}: one page as JSON, {@code {"items": [...], "next": cursor or null}}. */
    public String search(ProductQuery query) {
        List<String> categoryIds = query.category() == null ? null : categories.idsOf(query.category());
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
        List<Document> items = store.products().find(filter).projection(ProductStore.WITHOUT_ID).sort(order)
                .limit(query.limit() + 1).into(new ArrayList<>(query.limit() + 1));
        String next = null;
        if (items.size() > query.limit()) {
            items.remove(items.size() - 1);
            Document last = items.get(items.size() - 1);
            Object key = sort == ProductSort.SKU ? null : valueAt(last, sort.field);
            next = cursors.encode(fingerprint, new ProductCursor.Position(key, last.getString("sku")));
        }
        items.forEach(perCartLimit::shownOn);
        return ProductJson.page(items, next);
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

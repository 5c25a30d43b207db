package com.example.shop.catalog.search.feed;

import com.example.shop.web.database.StoredCodec;
import java.util.List;
import org.bson.Document;

/**
 * An entry of the change feed as its document, the revision its {@code _id}:
 * <pre>
 * product_changes {_id: revision, skus, products, done, at}
 * </pre>
 * {@code products} is left out when the write names none. An entry read without its skus or products
 * (a projection) has none.
 */
final class ChangeEntryCodec extends StoredCodec<ChangeFeed.Entry> {

    static final String REVISION = "_id";
    static final String SKUS = "skus";
    static final String PRODUCTS = "products";
    static final String DONE = "done";
    static final String AT = "at";

    ChangeEntryCodec() {
        super(ChangeFeed.Entry.class);
    }

    @Override
    protected ChangeFeed.Entry fromDocument(Document entry) {
        List<String> skus = entry.getList(SKUS, String.class);
        List<String> products = entry.getList(PRODUCTS, String.class);
        return new ChangeFeed.Entry(((Number) entry.get(REVISION)).longValue(), skus == null ? List.of() : skus,
                products == null ? List.of() : products, Boolean.TRUE.equals(entry.getBoolean(DONE)), entry.getDate(AT));
    }

    @Override
    protected Document toDocument(ChangeFeed.Entry entry) {
        Document document = new Document(REVISION, entry.revision()).append(SKUS, entry.skus());
        if (!entry.products().isEmpty()) {
            document.append(PRODUCTS, entry.products());
        }
        return document.append(DONE, entry.done()).append(AT, entry.at());
    }
}

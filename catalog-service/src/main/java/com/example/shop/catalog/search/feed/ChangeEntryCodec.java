package com.example.shop.catalog.search.feed;

import com.example.shop.web.database.StoredCodec;
import java.util.List;
import org.bson.Document;

/**
 * An entry of the change feed as its document, the revision its {@code _id}:
 * <pre>
 * product_changes {_id: revision, skus, done, at}
 * </pre>
 * An entry read without its skus (a projection) has none.
 */
final class ChangeEntryCodec extends StoredCodec<ChangeFeed.Entry> {

    static final String REVISION = "_id";
    static final String SKUS = "skus";
    static final String DONE = "done";
    static final String AT = "at";

    ChangeEntryCodec() {
        super(ChangeFeed.Entry.class);
    }

    @Override
    protected ChangeFeed.Entry fromDocument(Document entry) {
        List<String> skus = entry.getList(SKUS, String.class);
        return new ChangeFeed.Entry(((Number) entry.get(REVISION)).longValue(), skus == null ? List.of() : skus,
                Boolean.TRUE.equals(entry.getBoolean(DONE)), entry.getDate(AT));
    }

    @Override
    protected Document toDocument(ChangeFeed.Entry entry) {
        return new Document(REVISION, entry.revision()).append(SKUS, entry.skus()).append(DONE, entry.done())
                .append(AT, entry.at());
    }
}

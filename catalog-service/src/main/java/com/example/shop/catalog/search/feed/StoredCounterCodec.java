package com.example.shop.catalog.search.feed;

import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/**
 * The counter of {@code catalog_revision} as its one document:
 * <pre>
 * catalog_revision {_id: "products", epoch, revision, trimmed_through?}
 * </pre>
 * ({@code trimmed_through} is the change feed's, {@link ChangeFeed#trimBefore}.)
 */
final class StoredCounterCodec extends StoredCodec<StoredCounter> {

    static final String ID = "_id";
    /** The counter's {@code _id}: one counter, of the products. */
    static final String COUNTER = "products";
    static final String EPOCH = "epoch";
    static final String REVISION = "revision";
    static final String TRIMMED_THROUGH = "trimmed_through";

    StoredCounterCodec() {
        super(StoredCounter.class);
    }

    @Override
    protected StoredCounter fromDocument(Document counter) {
        return new StoredCounter(counter.getString(EPOCH), counter.get(REVISION) instanceof Number n ? n.longValue() : 0L,
                counter.get(TRIMMED_THROUGH) instanceof Number n ? n.longValue() : null);
    }

    @Override
    protected Document toDocument(StoredCounter counter) {
        Document document = new Document(ID, COUNTER).append(EPOCH, counter.epoch()).append(REVISION, counter.revision());
        if (counter.trimmedThrough() != null) {
            document.append(TRIMMED_THROUGH, counter.trimmedThrough());
        }
        return document;
    }
}

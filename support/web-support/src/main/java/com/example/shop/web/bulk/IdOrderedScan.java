package com.example.shop.web.bulk;

import static com.mongodb.client.model.Filters.gt;

import com.example.shop.web.concurrency.Futures;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Sorts;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * Every document of a collection in {@code _id} order, read a page at a time with
 * {@code find({_id: {$gt: last}}).sort({_id: 1}).limit(n)}: each page is one walk along the
 * {@code _id} index, whatever the collection's size, and no cursor stays open on the server while
 * an export is written to a slow client. (One cursor over the whole collection made the embedded
 * server decode and hold all 300,000 products before answering its first batch.) The next page is
 * read while the current one is written out, so the database's work and the service's overlap.
 * A document written during the scan appears if its id is past the point reached. Close it (as
 * {@link NdjsonOutput} does) to stop its reader thread.
 */
public final class IdOrderedScan<T> implements Iterator<T>, AutoCloseable {

    private final MongoCollection<Document> collection;
    private final Bson projection;
    private final int pageSize;
    private final Function<Document, T> mapper;
    private final ExecutorService reader = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "id-ordered-scan");
        thread.setDaemon(true);
        return thread;
    });
    private List<Document> page = List.of();
    private int next;
    private Future<List<Document>> following;
    private boolean exhausted;

    private IdOrderedScan(MongoCollection<Document> collection, Bson projection, int pageSize, Function<Document, T> mapper) {
        this.collection = collection;
        this.projection = projection;
        this.pageSize = pageSize;
        this.mapper = mapper;
    }

    /** {@code projection} may be null (whole documents); it must not exclude {@code _id}. */
    public static <T> IdOrderedScan<T> of(MongoCollection<Document> collection, Bson projection, int pageSize,
                                          Function<Document, T> mapper) {
        return new IdOrderedScan<>(collection, projection, pageSize, mapper);
    }

    @Override
    public boolean hasNext() {
        if (next < page.size()) {
            return true;
        }
        if (exhausted) {
            return false;
        }
        if (following == null) {
            following = reader.submit(() -> read(null));
        }
        page = Futures.await(following, "the next page");
        next = 0;
        exhausted = page.size() < pageSize;
        following = exhausted ? null : readAfter(page.get(page.size() - 1).get("_id"));
        return !page.isEmpty();
    }

    private Future<List<Document>> readAfter(Object last) {
        return reader.submit(() -> read(last));
    }

    private List<Document> read(Object last) {
        var find = collection.find(last == null ? new Document() : gt("_id", last)).sort(Sorts.ascending("_id")).limit(pageSize);
        if (projection != null) {
            find.projection(projection);
        }
        return find.into(new ArrayList<>(pageSize));
    }


    @Override
    public void close() {
        reader.shutdownNow();
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return mapper.apply(page.get(next++));
    }
}

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
 * The rows of a keyset-paged read, lazily: each page is read after the last row of the page before
 * ({@link Pages}), so each is one walk along an index, whatever the collection's size, and no cursor
 * stays open on the server while an export is written to a slow client. (One cursor over the whole
 * collection made the embedded server decode and hold all 300,000 products before answering its
 * first batch.) The next page is read while the current one is written out, so the database's work
 * and the service's overlap. A row written during the scan appears if it sorts past the point
 * reached. Close it (as {@link NdjsonOutput} does) to stop its reader thread.
 */
public final class PagedScan<R, T> implements Iterator<T>, AutoCloseable {

    /** How a page is read. */
    @FunctionalInterface
    public interface Pages<R> {

        /** At most {@code size} rows that sort after {@code last}, in order; the first page when {@code last} is null. */
        List<R> after(R last, int size);
    }

    private final Pages<R> pages;
    private final int pageSize;
    private final Function<R, T> mapper;
    private final ExecutorService reader = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "paged-scan");
        thread.setDaemon(true);
        return thread;
    });
    private List<R> page = List.of();
    private int next;
    private Future<List<R>> following;
    private boolean exhausted;

    private PagedScan(Pages<R> pages, int pageSize, Function<R, T> mapper) {
        this.pages = pages;
        this.pageSize = pageSize;
        this.mapper = mapper;
    }

    public static <R, T> PagedScan<R, T> of(Pages<R> pages, int pageSize, Function<R, T> mapper) {
        if (pageSize < 1) {
            throw new IllegalArgumentException("pageSize must be at least 1");
        }
        return new PagedScan<>(pages, pageSize, mapper);
    }

    /**
     * Every document of a collection in {@code _id} order, {@code find({_id: {$gt: last}}).sort({_id: 1}).limit(n)}
     * a page; {@code projection} may be null (whole documents) and must not exclude {@code _id}.
     */
    public static <T> PagedScan<Document, T> byId(MongoCollection<Document> collection, Bson projection, int pageSize,
                                                  Function<Document, T> mapper) {
        return of((last, size) -> {
            var find = collection.find(last == null ? new Document() : gt("_id", last.get("_id"))).sort(Sorts.ascending("_id")).limit(size);
            if (projection != null) {
                find.projection(projection);
            }
            return find.into(new ArrayList<>(size));
        }, pageSize, mapper);
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
            following = readAfter(null);
        }
        page = Futures.await(following, "the next page");
        next = 0;
        exhausted = page.size() < pageSize;
        following = exhausted ? null : readAfter(page.get(page.size() - 1));
        return !page.isEmpty();
    }

    private Future<List<R>> readAfter(R last) {
        return reader.submit(() -> pages.after(last, pageSize));
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return mapper.apply(page.get(next++));
    }

    @Override
    public void close() {
        reader.shutdownNow();
    }
}

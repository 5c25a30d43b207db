package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Makes a collection's updates write a changed copy in place of a stored document, so that a
 * document, once stored, never changes.
 *
 * <p>mongo-java-server updates the stored document object itself, field by field, under the
 * collection's lock. But a reply is written to the wire after that lock is released, and the
 * durable backend's commit writes a page of documents under no collection's lock: either could
 * read a document while an update was half-way through it. Two {@code $inc}s of one counter at once
 * both answered the second's value (the catalog handed out one revision twice: {@code
 * FindAndModifyTest}), and readers saw a document with some fields of one update and some of the
 * next ({@code WholeDocumentsTest}). MongoDB answers what a command did and never shows half of one.
 *
 * <p>The update and find-and-modify of a collection run inside {@link #during}; the documents the
 * update then finds ({@link #found}) are copies, which mongo-java-server changes and puts at the
 * document's place ({@code handleUpdate}). Readers and commits keep the version they got, whole.
 * Other commands read the stored documents themselves, without a copy.
 */
final class CopyOnUpdate {

    /**
     * The thread inside an update of this collection. Written only under the collection's lock, by
     * that thread; a reader's own thread never equals a value another thread wrote, stale or not.
     */
    private Thread updating;

    /** Runs one update or find-and-modify of the collection (called under its lock). */
    <T> T during(Supplier<T> update) {
        Thread outer = updating;
        updating = Thread.currentThread();
        try {
            return update.get();
        } finally {
            updating = outer;
        }
    }

    /** The documents a query found: copies when the query is an update's, for it to change. */
    QueryResult found(QueryResult found) {
        if (updating != Thread.currentThread()) {
            return found;
        }
        List<Document> copies = new ArrayList<>();
        for (Document document : found) {
            copies.add(document.cloneDeeply());
        }
        return new QueryResult(copies, found.getCursorId());
    }
}

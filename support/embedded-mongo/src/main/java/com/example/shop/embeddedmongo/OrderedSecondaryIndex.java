package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * A secondary (non-unique) index, which mongo-java-server does not implement: a map ordered by value
 * ({@link OrderedKeyType}) from each of a document's keys, followed by its {@code _id} so that every
 * entry is unique, to the document's place. It answers no query by itself ({@link #canHandle} is
 * false, so nothing mongo-java-server does changes); {@link OrderedWalk} walks it for a sorted query
 * ({@code find({status: x}).sort({placed_at: -1}).limit(n)}), which otherwise matches, decodes and
 * sorts every document of the collection for each page. The durable backend's map is an H2 one
 * ({@link OrderedKeySecondaryIndex}), the in-memory backend's a skip list ({@link OrderedMemorySecondaryIndex}).
 *
 * @param <P> how the collection names a document's place
 */
abstract class OrderedSecondaryIndex<P> extends Index<P> {

    private final String idField;

    OrderedSecondaryIndex(String name, List<IndexKey> keys, boolean sparse, String idField) {
        super(name, keys, sparse);
        this.idField = idField;
    }

    abstract void put(KeyValue entry, P position);

    abstract P take(KeyValue entry);

    abstract P find(KeyValue entry);

    /** The places of the entries from {@code low} to {@code high} (both in), in key order or its reverse. */
    abstract Iterator<P> walk(KeyValue low, KeyValue high, boolean descending);

    abstract long size();

    /** Whether some document ever had several entries (an array of two or more values): kept, as MongoDB keeps it. */
    abstract boolean multikey();

    abstract void markMultikey();

    /** Whether every document of the collection has an entry: not so for a sparse index. */
    boolean holdsEveryDocument() {
        return !isSparse();
    }

    /**
     * The places of the documents whose first {@code prefix.size()} keys equal {@code prefix} and whose
     * next key lies between {@code lower} and {@code upper} (a null bound: open on that side), in the
     * order of the keys after the prefix, or its reverse.
     */
    Iterable<P> between(List<Object> prefix, Object lower, boolean lowerIn, Object upper, boolean upperIn, boolean descending) {
        KeyValue low = bound(prefix, lower, lower == null || lowerIn ? OrderedKeyType.LOWEST : OrderedKeyType.HIGHEST);
        KeyValue high = bound(prefix, upper, upper == null || upperIn ? OrderedKeyType.HIGHEST : OrderedKeyType.LOWEST);
        return () -> walk(low, high, descending);
    }

    /** The search key {@code prefix + [value] + [beyond]}: before or after every entry with that value. */
    private static KeyValue bound(List<Object> prefix, Object value, Object beyond) {
        List<Object> key = new ArrayList<>(prefix);
        if (value != null) {
            key.add(value);
        }
        key.add(beyond);
        return new KeyValue(key);
    }

    /**
     * A document's entries: one per key it has (several when a field is an array), each followed by the
     * {@code _id}. A document with an empty array has one entry of nulls, as it must be found by a walk.
     */
    private List<KeyValue> entries(Document document) {
        Set<KeyValue> keys = getKeyValues(document);
        Object id = new KeyValue(document.get(idField)).normalized().get(0);
        if (keys.isEmpty()) {
            keys = Set.of(new KeyValue(Collections.nCopies(getKeys().size(), null)));
        }
        List<KeyValue> entries = new ArrayList<>(keys.size());
        for (KeyValue key : keys) {
            List<Object> entry = new ArrayList<>(key.size() + 1);
            key.forEach(entry::add);
            entry.add(id);
            entries.add(new KeyValue(entry));
        }
        return entries;
    }

    private boolean skips(Document document) {
        return isSparse() && getKeys().stream().noneMatch(key -> document.containsKey(key.getKey().split("\\.")[0]));
    }

    @Override
    public synchronized void add(Document document, P position, MongoCollection<P> collection) {
        if (!skips(document)) {
            List<KeyValue> entries = entries(document);
            if (entries.size() > 1 && !multikey()) {
                markMultikey();
            }
            entries.forEach(entry -> put(entry, position));
        }
    }

    @Override
    public synchronized P remove(Document document) {
        if (skips(document)) {
            return null;
        }
        P position = null;
        for (KeyValue entry : entries(document)) {
            P removed = take(entry);
            position = removed != null ? removed : position;
        }
        return position;
    }

    @Override
    public P getPosition(Document document) {
        return skips(document) ? null : find(entries(document).get(0));
    }

    @Override
    public void checkAdd(Document document, MongoCollection<P> collection) {
        // nothing to refuse: not unique
    }

    @Override
    public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<P> collection) {
        // nothing to refuse: not unique
    }

    @Override
    public synchronized void updateInPlace(Document oldDocument, Document newDocument, P position, MongoCollection<P> collection) {
        if (!nullAwareEqualsKeys(oldDocument, newDocument)) {
            remove(oldDocument);
            add(newDocument, position, collection);
        }
    }

    @Override
    public boolean canHandle(Document query) {
        return false;
    }

    @Override
    public Iterable<P> getPositions(Document query) {
        throw new UnsupportedOperationException("an ordered secondary index is walked, not asked: " + getName());
    }

    @Override
    public long getCount() {
        return size();
    }

    @Override
    public long getDataSize() {
        return size();
    }

    @Override
    public void drop() {
        // the database removes the map
    }
}

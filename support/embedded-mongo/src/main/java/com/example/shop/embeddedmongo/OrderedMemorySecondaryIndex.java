package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import java.util.Iterator;
import java.util.List;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/** The in-memory backend's secondary index ({@link OrderedSecondaryIndex}): a skip list. */
final class OrderedMemorySecondaryIndex extends OrderedSecondaryIndex<Integer> {

    private final ConcurrentSkipListMap<KeyValue, Integer> map = new ConcurrentSkipListMap<>(OrderedKeyType.INSTANCE::compare);
    private volatile boolean multikey;

    OrderedMemorySecondaryIndex(String name, List<IndexKey> keys, boolean sparse, String idField) {
        super(name, keys, sparse, idField);
    }

    @Override
    void put(KeyValue entry, Integer position) {
        map.put(entry, position);
    }

    @Override
    Integer take(KeyValue entry) {
        return map.remove(entry);
    }

    @Override
    Integer find(KeyValue entry) {
        return map.get(entry);
    }

    @Override
    Iterator<Integer> walk(KeyValue low, KeyValue high, boolean descending) {
        NavigableMap<KeyValue, Integer> range = map.subMap(low, true, high, true);
        return (descending ? range.descendingMap() : range).values().iterator();
    }

    @Override
    boolean multikey() {
        return multikey;
    }

    @Override
    void markMultikey() {
        multikey = true;
    }

    @Override
    long size() {
        return map.size();
    }

    @Override
    public void drop() {
        map.clear();
    }
}

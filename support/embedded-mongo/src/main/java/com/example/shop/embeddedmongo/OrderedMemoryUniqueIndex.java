package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The in-memory backend's unique index: a skip list ordered and compared as the durable backend's
 * index is ({@link OrderedKeyType}), where mongo-java-server's is a hash map, so that a page in
 * {@code _id} order is a walk of the index, not a match and sort of the whole collection.
 */
final class OrderedMemoryUniqueIndex extends OrderedUniqueIndex<Integer> {

    private final ConcurrentSkipListMap<KeyValue, Integer> map;

    OrderedMemoryUniqueIndex(String name, List<IndexKey> keys, boolean sparse) {
        this(new ConcurrentSkipListMap<>(OrderedKeyType.INSTANCE::compare), name, keys, sparse);
    }

    private OrderedMemoryUniqueIndex(ConcurrentSkipListMap<KeyValue, Integer> map, String name, List<IndexKey> keys, boolean sparse) {
        super(map, name, keys, sparse);
        this.map = map;
    }

    @Override
    List<Integer> positionsBetween(Object after, boolean inclusiveFrom, Object before, boolean inclusiveTo, int max) {
        NavigableMap<KeyValue, Integer> range = map;
        if (after != null) {
            range = range.tailMap(new KeyValue(after), inclusiveFrom);
        }
        if (before != null) {
            range = range.headMap(new KeyValue(before), inclusiveTo);
        }
        List<Integer> positions = new ArrayList<>();
        for (Integer position : range.values()) {
            if (positions.size() == max) {
                break;
            }
            positions.add(position);
        }
        return positions;
    }
}

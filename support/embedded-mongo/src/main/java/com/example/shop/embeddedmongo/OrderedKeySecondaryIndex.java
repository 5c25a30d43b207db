package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import java.util.Iterator;
import java.util.List;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/**
 * The durable backend's secondary index ({@link OrderedSecondaryIndex}): an H2 map in the data file,
 * written in the same commits as the documents. A data file written before secondary indexes were kept
 * has no such map; the index starts empty and mongo-java-server fills it from the documents once, when
 * the collection opens.
 */
final class OrderedKeySecondaryIndex extends OrderedSecondaryIndex<Object> {

    /** Beside the index's map, the name of the one that says whether it is multikey. */
    static final String MULTIKEY_SUFFIX = "#multikey";
    private static final String MULTIKEY = "multikey";

    private final MVMap<KeyValue, Object> map;
    private final MVMap<String, Boolean> flags;
    private volatile boolean multikey;

    private OrderedKeySecondaryIndex(MVMap<KeyValue, Object> map, MVMap<String, Boolean> flags, String name, List<IndexKey> keys,
                                     boolean sparse, String idField) {
        super(name, keys, sparse, idField);
        this.map = map;
        this.flags = flags;
        this.multikey = Boolean.TRUE.equals(flags.get(MULTIKEY));
    }

    static OrderedKeySecondaryIndex open(MVStore store, String mapName, String name, List<IndexKey> keys, boolean sparse, String idField) {
        MVMap<KeyValue, Object> map = store.openMap(mapName, new MVMap.Builder<KeyValue, Object>().keyType(OrderedKeyType.INSTANCE));
        return new OrderedKeySecondaryIndex(map, store.openMap(mapName + MULTIKEY_SUFFIX), name, keys, sparse, idField);
    }

    @Override
    void put(KeyValue entry, Object position) {
        map.put(entry, position);
    }

    @Override
    Object take(KeyValue entry) {
        return map.remove(entry);
    }

    @Override
    Object find(KeyValue entry) {
        return map.get(entry);
    }

    @Override
    Iterator<Object> walk(KeyValue low, KeyValue high, boolean descending) {
        Cursor<KeyValue, Object> cursor = descending ? map.cursor(high, low, true) : map.cursor(low, high, false);
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return cursor.hasNext();
            }

            @Override
            public Object next() {
                cursor.next();
                return cursor.getValue();
            }
        };
    }

    @Override
    boolean multikey() {
        return multikey;
    }

    @Override
    void markMultikey() {
        flags.put(MULTIKEY, true); // in the same commit as the entry that made it so
        multikey = true;
    }

    @Override
    long size() {
        return map.sizeAsLong();
    }
}

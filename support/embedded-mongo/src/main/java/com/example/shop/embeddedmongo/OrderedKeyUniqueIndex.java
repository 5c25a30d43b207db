package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.AbstractUniqueIndex;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import java.util.List;
import java.util.Map;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/**
 * A unique index kept in an H2 map whose keys are ordered by {@link OrderedKeyType}, as
 * mongo-java-server's own H2 unique index is apart from the key type. Its map is named after the
 * original one with {@link #SUFFIX}; a data file written with the original maps gets its entries
 * copied over once, on first open, and the original map removed.
 */
final class OrderedKeyUniqueIndex extends AbstractUniqueIndex<Object> {

    static final String SUFFIX = "#ordered";

    private final MVMap<KeyValue, Object> map;

    private OrderedKeyUniqueIndex(MVMap<KeyValue, Object> map, String name, List<IndexKey> keys, boolean sparse) {
        super(name, keys, sparse);
        this.map = map;
    }

    static OrderedKeyUniqueIndex open(MVStore store, String originalMapName, String name, List<IndexKey> keys, boolean sparse) {
        MVMap<KeyValue, Object> map = store.openMap(originalMapName + SUFFIX,
                new MVMap.Builder<KeyValue, Object>().keyType(OrderedKeyType.INSTANCE));
        if (store.hasMap(originalMapName)) {
            MVMap<Object, Object> original = store.openMap(originalMapName);
            if (map.isEmpty()) {
                for (Map.Entry<Object, Object> entry : original.entrySet()) {
                    map.put((KeyValue) entry.getKey(), entry.getValue());
                }
            }
            store.removeMap(original);
        }
        return new OrderedKeyUniqueIndex(map, name, keys, sparse);
    }

    @Override
    protected Object removeDocument(KeyValue key) {
        return map.remove(key);
    }

    @Override
    protected boolean putKeyPosition(KeyValue key, Object position) {
        return map.putIfAbsent(key, position) == null;
    }

    @Override
    protected Iterable<Map.Entry<KeyValue, Object>> getIterable() {
        return map.entrySet();
    }

    @Override
    protected Object getPosition(KeyValue key) {
        return map.get(key);
    }

    @Override
    public long getCount() {
        return map.sizeAsLong();
    }

    @Override
    public boolean isEmpty() {
        return map.isEmpty();
    }

    @Override
    public long getDataSize() {
        return getCount();
    }

    MVMap<KeyValue, Object> map() {
        return map;
    }
}

package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/**
 * A unique index kept in an H2 map whose keys are ordered by {@link OrderedKeyType}, as
 * mongo-java-server's own H2 unique index is apart from the key type. Its map is named after the
 * original one with {@link #SUFFIX}; a data file written with the original maps gets its entries
 * copied over once, on first open, and the original map removed.
 */
final class OrderedKeyUniqueIndex extends OrderedUniqueIndex<Object> {

    static final String SUFFIX = "#ordered";

    private final MVMap<KeyValue, Object> map;

    private OrderedKeyUniqueIndex(MVMap<KeyValue, Object> map, String name, List<IndexKey> keys, boolean sparse) {
        super(map, name, keys, sparse);
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
    List<Object> positionsBetween(Object after, boolean inclusiveFrom, Object before, boolean inclusiveTo, int max) {
        List<Object> positions = new ArrayList<>();
        KeyValue from = after == null ? null : new KeyValue(after);
        KeyValue to = before == null ? null : new KeyValue(before);
        Cursor<KeyValue, Object> cursor = map.cursor(from);
        while (cursor.hasNext() && positions.size() < max) {
            KeyValue key = cursor.next();
            if (to != null) {
                int beyond = OrderedKeyType.INSTANCE.compare(key, to);
                if (beyond > 0 || beyond == 0 && !inclusiveTo) {
                    break;
                }
            }
            if (from != null && !inclusiveFrom && OrderedKeyType.INSTANCE.compare(key, from) == 0) {
                continue;
            }
            positions.add(cursor.getValue());
        }
        return positions;
    }
}

package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.AbstractUniqueIndex;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;

/**
 * A unique index kept in a map whose keys are ordered by value ({@link OrderedKeyType}), so that its
 * keys can be walked in order: what answers a page of documents in {@code _id} order without reading
 * the whole collection ({@link IdSeeking}). The durable backend's map is an H2 one
 * ({@link OrderedKeyUniqueIndex}), the in-memory backend's a skip list ({@link OrderedMemoryUniqueIndex}).
 *
 * @param <P> how the collection names a document's place
 */
abstract class OrderedUniqueIndex<P> extends AbstractUniqueIndex<P> {

    private final ConcurrentMap<KeyValue, P> map;

    OrderedUniqueIndex(ConcurrentMap<KeyValue, P> map, String name, List<IndexKey> keys, boolean sparse) {
        super(name, keys, sparse);
        this.map = map;
    }

    /**
     * The places of the keys from {@code after} to {@code before} in order (a null bound: open on that
     * side; each bound in or out as said), at most {@code max} of them.
     */
    abstract List<P> positionsBetween(Object after, boolean inclusiveFrom, Object before, boolean inclusiveTo, int max);

    @Override
    protected P removeDocument(KeyValue key) {
        return map.remove(key);
    }

    @Override
    protected boolean putKeyPosition(KeyValue key, P position) {
        return map.putIfAbsent(key, position) == null;
    }

    @Override
    protected Iterable<Map.Entry<KeyValue, P>> getIterable() {
        return map.entrySet();
    }

    @Override
    protected P getPosition(KeyValue key) {
        return map.get(key);
    }

    @Override
    public long getCount() {
        return map.size();
    }

    @Override
    public boolean isEmpty() {
        return map.isEmpty();
    }

    @Override
    public long getDataSize() {
        return getCount();
    }
}

package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Date;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;
import org.h2.mvstore.type.ObjectDataType;

/**
 * The key type of a unique index's map, ordered by value instead of by Java serialization.
 *
 * <p>mongo-java-server opens its index maps with H2's default {@link ObjectDataType}, which orders
 * a {@link KeyValue} (not {@code Comparable}) by serializing both keys with an
 * {@code ObjectOutputStream} on every comparison of a B-tree search: in every insert's duplicate check
 * and every lookup by sku or {@code _id}, the embedded server's main cost in a profile of a product
 * import (bench/README.md). Here keys compare value by value (type, then value), with
 * the same equality as before: two keys are equal only when every value has the same type and
 * value. Only the order of a map differs from the original's, which is why the maps of this type
 * have names of their own ({@link OrderedKeyUniqueIndex}); keys written before as H2 writes them are read as they are.
 */
final class OrderedKeyType extends BasicDataType<KeyValue> {

    static final OrderedKeyType INSTANCE = new OrderedKeyType();
    /** Search-key values before and after every stored value ({@link OrderedSecondaryIndex#between}); never stored. */
    static final Object LOWEST = Beyond.LOWEST;
    static final Object HIGHEST = Beyond.HIGHEST;
    private static final String VALUES = "k";

    private final ObjectDataType storage = new ObjectDataType();

    private OrderedKeyType() {
    }

    @Override
    public int getMemory(KeyValue key) {
        return storage.getMemory(key);
    }

    /**
     * A key of plain values (strings, ids, numbers, booleans, null: every unique index here) is written
     * as BSON ({@link BsonDocumentType#writeBson}), {@code {k: [values]}}; any other the way H2 writes it
     * (Java serialization: an {@code ObjectOutputStream} per key of every page written). Either is read back.
     */
    @Override
    public void write(WriteBuffer buffer, KeyValue key) {
        if (!key.stream().allMatch(OrderedKeyType::plain)
                || BsonDocumentType.writeBson(buffer, new Document(VALUES, key.stream().toList()), 64) < 0) {
            storage.write(buffer, key);
        }
    }

    @Override
    public KeyValue read(ByteBuffer buffer) {
        if (BsonDocumentType.isBson(buffer)) {
            return new KeyValue((List<?>) BsonDocumentType.readBson(buffer).get(VALUES));
        }
        return (KeyValue) storage.read(buffer);
    }

    /** A value that BSON gives back as the same Java object. */
    private static boolean plain(Object value) {
        return value == null || value instanceof String || value instanceof ObjectId || value instanceof Integer
                || value instanceof Long || value instanceof Double || value instanceof Boolean || value instanceof Instant;
    }

    private enum Beyond { LOWEST, HIGHEST }

    @Override
    public KeyValue[] createStorage(int size) {
        return new KeyValue[size];
    }

    @Override
    public int compare(KeyValue a, KeyValue b) {
        if (a == b) {
            return 0;
        }
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            int c = compareValues(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    static int compareValues(Object a, Object b) {
        if (a == b) {
            return 0;
        }
        int rank = Integer.compare(rank(a), rank(b));
        if (rank != 0) {
            return rank;
        }
        if (a instanceof String x) {
            return x.compareTo((String) b);
        }
        if (a instanceof Number x) {
            Number y = (Number) b;
            int c = Double.compare(x.doubleValue(), y.doubleValue());
            if (c != 0) {
                return c;
            }
            c = a.getClass().getName().compareTo(b.getClass().getName());
            if (c != 0) {
                return c;
            }
            return a instanceof Comparable<?> ? compareSameClass(a, b) : 0;
        }
        if (a instanceof ObjectId x) {
            return x.compareTo((ObjectId) b);
        }
        if (a instanceof Boolean x) {
            return x.compareTo((Boolean) b);
        }
        if (a instanceof Date || a instanceof Instant) {
            int c = Long.compare(millis(a), millis(b));
            return c != 0 ? c : a.getClass().getName().compareTo(b.getClass().getName());
        }
        if (a instanceof Document x) {
            return compareEntries(x, (Document) b);
        }
        if (a instanceof List<?> x) {
            return compareLists(x, (List<?>) b);
        }
        int c = a.getClass().getName().compareTo(b.getClass().getName());
        if (c != 0) {
            return c;
        }
        if (a instanceof Comparable<?>) {
            return compareSameClass(a, b);
        }
        return INSTANCE.storage.compare(a, b); // anything else: as H2 orders it
    }

    /** null, numbers, strings, documents, lists, ids, booleans, dates, anything else; the search bounds outside all. */
    private static int rank(Object value) {
        if (value instanceof Beyond beyond) {
            return beyond == Beyond.LOWEST ? -1 : 9;
        }
        if (value == null) {
            return 0;
        }
        if (value instanceof Number) {
            return 1;
        }
        if (value instanceof String) {
            return 2;
        }
        if (value instanceof Document) {
            return 3;
        }
        if (value instanceof List<?>) {
            return 4;
        }
        if (value instanceof ObjectId) {
            return 5;
        }
        if (value instanceof Boolean) {
            return 6;
        }
        if (value instanceof Date || value instanceof Instant) {
            return 7;
        }
        return 8;
    }

    private static long millis(Object date) {
        return date instanceof Instant instant ? instant.toEpochMilli() : ((Date) date).getTime();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareSameClass(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }

    private static int compareEntries(Document a, Document b) {
        Iterator<Map.Entry<String, Object>> x = a.entrySet().iterator();
        Iterator<Map.Entry<String, Object>> y = b.entrySet().iterator();
        while (x.hasNext() && y.hasNext()) {
            Map.Entry<String, Object> ex = x.next();
            Map.Entry<String, Object> ey = y.next();
            int c = ex.getKey().compareTo(ey.getKey());
            if (c == 0) {
                c = compareValues(ex.getValue(), ey.getValue());
            }
            if (c != 0) {
                return c;
            }
        }
        return Boolean.compare(x.hasNext(), y.hasNext());
    }

    private static int compareLists(List<?> a, List<?> b) {
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            int c = compareValues(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}

package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The answer MongoDB gives to {@code createIndexes} when an index with the same key pattern
 * already exists under another name: error 85 {@code IndexOptionsConflict}, and none of the
 * command's indexes is built. mongo-java-server accepts such a request silently (it builds a
 * second index), so without this a service's handling of the case would never be exercised.
 * This is the situation a sharded cluster creates: {@code shardCollection} leaves a {@code sku_1}
 * index where the catalog asks for {@code sku_unique}.
 */
final class IndexConflicts {

    private IndexConflicts() {
    }

    /** The error reply for {@code createIndexes} given the collection's current indexes, or null when there is no conflict. */
    static Document check(Document createIndexes, List<Document> existing) {
        for (Object requested : list(createIndexes.get("indexes"))) {
            if (!(requested instanceof Document index)) {
                continue;
            }
            for (Document present : existing) {
                if (sameKey(index.get("key"), present.get("key")) && !Objects.equals(index.get("name"), present.get("name"))) {
                    return FailCommand.error(85, "IndexOptionsConflict",
                            "Index already exists with a different name: " + present.get("name"));
                }
            }
        }
        return null;
    }

    /** Same fields in the same order with the same directions ({@code 1}, {@code 1.0} and {@code 1L} are one direction). */
    static boolean sameKey(Object a, Object b) {
        if (!(a instanceof Map<?, ?> left) || !(b instanceof Map<?, ?> right) || left.size() != right.size()) {
            return false;
        }
        List<Object> l = new ArrayList<>(left.keySet());
        List<Object> r = new ArrayList<>(right.keySet());
        if (!l.equals(r)) {
            return false;
        }
        for (Object field : l) {
            if (!direction(left.get(field)).equals(direction(right.get(field)))) {
                return false;
            }
        }
        return true;
    }

    private static String direction(Object value) {
        return value instanceof Number n ? String.valueOf(n.doubleValue()) : String.valueOf(value);
    }

    private static Collection<?> list(Object value) {
        return value instanceof Collection<?> c ? c : List.of();
    }
}

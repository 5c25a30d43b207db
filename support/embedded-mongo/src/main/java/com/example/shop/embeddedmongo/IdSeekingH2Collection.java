package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.ArrayFilters;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import de.bwaldvogel.mongo.oplog.Oplog;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.UUID;
import org.h2.mvstore.MVMap;

/**
 * An H2 collection that finds the documents named by their {@code _id} ({@code _id: x} or
 * {@code _id: {$in: [...]}}), or by another field with a unique single-field index, through that
 * index even when the query has further conditions.
 *
 * <p>mongo-java-server uses an index only for a query whose fields are exactly the index's fields,
 * so {@code {_id: x, status: "active"}} - the shape of every guarded update this platform makes -
 * scanned and matched every document of the collection: with 10,000 carts, most of the embedded
 * database's time under load. Here the one candidate is looked up by {@code _id} and the whole
 * query is matched on it, which is what MongoDB itself does.
 */
final class IdSeekingH2Collection extends H2Collection {

    IdSeekingH2Collection(MongoDatabase database, String collectionName, CollectionOptions options,
                          MVMap<Object, Document> dataMap, MVMap<String, Object> metaMap, CursorRegistry cursors) {
        super(database, collectionName, options, dataMap, metaMap, cursors);
    }

    /**
     * As mongo-java-server's: a query an index handles whole ({@code {_id: {$in: [...]}}}) is answered
     * from the index's positions; but the documents found are matched without the list the index was
     * seeked by ({@link #withoutSeekedList}): mongo-java-server matched them against the whole list
     * again (the expiry's read of a batch's 1,000 reservations: half a million comparisons).
     */
    @Override
    protected QueryResult queryDocuments(Document query, Document orderBy, int numberToSkip, int limit, int batchSize,
                                         Document fieldSelector) {
        for (Index<Object> index : getIndexes()) {
            if (index.canHandle(query)) {
                Document rest = query;
                if (index.getKeys().size() == 1) {
                    String field = index.getKeys().get(0).getKey();
                    rest = withoutSeekedList(query, field, query.get(field));
                }
                return matchDocuments(rest, index.getPositions(query), orderBy, numberToSkip, limit, batchSize, fieldSelector);
            }
        }
        return matchDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
    }

    /**
     * A multi-update of a list of ids ({@code updateMany({_id: {$in: [...]}, ...})}) is applied as one
     * single-document update per distinct id, each seeked by its id, under the same collection lock.
     * mongo-java-server evaluates the whole selector once more for every document it updates (to find
     * the position for a {@code $} operator), so a batch of 1,000 ids cost a million comparisons: half
     * of the embedded database's CPU while the cart's expiry locked and marked carts (Flight Recorder,
     * 2026-11-27). Upserts, and lists that are not all strings or object ids, go the usual way.
     */
    @Override
    public synchronized Document updateDocuments(Document selector, Document update, ArrayFilters arrayFilters,
                                                 boolean isMulti, boolean isUpsert, Oplog oplog) {
        boolean operatorsOnly = update.keySet().stream().allMatch(key -> key.startsWith("$")); // else the usual refusal
        Object seeked = isMulti && !isUpsert && operatorsOnly ? named(selector, getIdField()) : null;
        if (withoutSeekedList(selector, getIdField(), seeked) == selector) {
            return super.updateDocuments(selector, update, arrayFilters, isMulti, isUpsert, oplog);
        }
        int matched = 0;
        int modified = 0;
        for (Object id : new LinkedHashSet<>((List<?>) ((Document) seeked).get("$in"))) {
            Document one = super.updateDocuments(withSeekedValue(selector, getIdField(), seeked, id), update, arrayFilters,
                    false, false, oplog);
            matched += ((Number) one.get("n")).intValue();
            modified += ((Number) one.get("nModified")).intValue();
        }
        Document result = new Document();
        result.put("n", matched);
        result.put("nModified", modified);
        return result;
    }

    /** As mongo-java-server's, answering the document as this command left it ({@link FindAndModifySnapshot}). */
    @Override
    public synchronized Document findAndModify(Document query) {
        return FindAndModifySnapshot.of(super.findAndModify(query));
    }

    @Override
    protected QueryResult matchDocuments(Document query, Document orderBy, int numberToSkip, int limit, int batchSize,
                                         Document fieldSelector) {
        Iterable<Object> page = idOrderedPage(query, orderBy, numberToSkip, limit);
        if (page != null) {
            return matchDocuments(query, page, orderBy, numberToSkip, limit, batchSize, fieldSelector);
        }
        if (!isNaturalDescending(orderBy)) {
            Object id = named(query, getIdField());
            if (id != null) {
                Document byId = new Document(getIdField(), id);
                for (Index<Object> index : getIndexes()) {
                    if (index.canHandle(byId)) {
                        return matchDocuments(withoutSeekedList(query, getIdField(), id), index.getPositions(byId), orderBy,
                                numberToSkip, limit, batchSize, fieldSelector);
                    }
                }
            }
            // the same through any other unique single-field index: {sku: x, version: n}, the catalog's
            // guarded product update, scanned 300,000 products (about 9 s) for its one candidate
            for (Index<Object> index : getIndexes()) {
                if (!index.isUnique() || index.getKeys().size() != 1) {
                    continue;
                }
                String field = index.getKeys().get(0).getKey();
                Object value = field.equals(getIdField()) ? null : named(query, field);
                Document byKey = value == null ? null : new Document(field, value);
                if (byKey != null && index.canHandle(byKey)) {
                    return matchDocuments(withoutSeekedList(query, field, value), index.getPositions(byKey), orderBy,
                            numberToSkip, limit, batchSize, fieldSelector);
                }
            }
        }
        return super.matchDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
    }

    /**
     * A page in {@code _id} order, {@code find({_id: {$gt: last}}).sort({_id: 1}).limit(n)} (or the
     * first page, {@code find({}).sort({_id: 1}).limit(n)}), or a range of ids,
     * {@code find({_id: {$gt: a, $lt: b}}).sort({_id: 1})} with or without a limit: the positions
     * of the ids in order, read from the {@code _id} index. mongo-java-server would otherwise match,
     * decode and sort every document of the collection for each page (an export of 300,000 products
     * took over 10 s before its first line; the holders of one sku are a range of the reservations'
     * ids); this is what MongoDB does with its {@code _id} index. Null when the query has another
     * shape. The query is still matched against each document found, so a bound read here only
     * narrows what is read.
     */
    private Iterable<Object> idOrderedPage(Document query, Document orderBy, int numberToSkip, int limit) {
        if (orderBy == null || orderBy.size() != 1 || !Integer.valueOf(1).equals(toInt(orderBy.get(getIdField())))) {
            return null;
        }
        Object after = null;
        Object before = null;
        if (!query.isEmpty()) {
            if (query.size() != 1 || !(query.get(getIdField()) instanceof Document range) || !isIdRange(range)) {
                return null;
            }
            after = range.containsKey("$gt") ? range.get("$gt") : range.get("$gte");
            before = range.containsKey("$lt") ? range.get("$lt") : range.get("$lte");
        }
        if (limit <= 0 && before == null) {
            return null;
        }
        for (Index<Object> index : getIndexes()) {
            if (index instanceof OrderedKeyUniqueIndex ordered && index.canHandle(new Document(getIdField(), "x"))) {
                boolean inclusiveFrom = !query.isEmpty() && ((Document) query.get(getIdField())).containsKey("$gte");
                boolean inclusiveTo = !query.isEmpty() && ((Document) query.get(getIdField())).containsKey("$lte");
                return positions(ordered, after, inclusiveFrom, before, inclusiveTo, limit <= 0 ? Integer.MAX_VALUE : numberToSkip + limit);
            }
        }
        return null;
    }

    /** {@code {$gt|$gte: x}}, {@code {$lt|$lte: y}} or both, each bound a plain value. */
    private static boolean isIdRange(Document range) {
        int bounds = 0;
        for (String operator : List.of("$gt", "$gte", "$lt", "$lte")) {
            if (range.containsKey(operator)) {
                if (!isPlainValue(range.get(operator))) {
                    return false;
                }
                bounds++;
            }
        }
        return bounds == range.size() && bounds > 0 && !(range.containsKey("$gt") && range.containsKey("$gte"))
                && !(range.containsKey("$lt") && range.containsKey("$lte"));
    }

    /** Positions of the ids in order from {@code after} to {@code before} (each bound null when open), at most {@code max}. */
    private static List<Object> positions(OrderedKeyUniqueIndex ordered, Object after, boolean inclusiveFrom, Object before,
                                          boolean inclusiveTo, int max) {
        List<Object> positions = new ArrayList<>();
        KeyValue from = after == null ? null : new KeyValue(after);
        KeyValue to = before == null ? null : new KeyValue(before);
        org.h2.mvstore.Cursor<KeyValue, Object> cursor = ordered.map().cursor(from);
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

    private static Integer toInt(Object value) {
        return value instanceof Number number ? number.intValue() : null;
    }

    /**
     * What {@code field} must be for the query to match, as an index query value: {@code x} or
     * {@code {$in: [x, y]}}, from {@code {field: ..., ...}} or from {@code {$and: [{field: ...}, ...]}}
     * (how the driver writes {@code Filters.and}); null if the query names no values of it.
     */
    private static Object named(Document query, String field) {
        Object values = indexable(query.get(field));
        if (values != null) {
            return values;
        }
        if (query.size() == 1 && query.get("$and") instanceof List<?> clauses) {
            for (Object clause : clauses) {
                if (clause instanceof Document condition && condition.size() == 1) {
                    values = indexable(condition.get(field));
                    if (values != null) {
                        return values;
                    }
                }
            }
        }
        return null;
    }

    /**
     * The query without the {@code field: {$in: [...]}} condition the index was just seeked by, when
     * its values are strings or object ids: every document the index gave has one of them. The rest
     * is matched as before. mongo-java-server matches {@code $in} by comparing the value with each
     * element of the list in turn, so a batch of 1,000 ids matched its 1,000 documents in a million
     * comparisons: over half of the embedded database's CPU while the cart's expiry returned carts
     * in batches of 1,000 (Flight Recorder). Numbers are left in: the index and the matcher may
     * tell {@code 7} and {@code 7.0} apart differently, and the matcher's answer is MongoDB's.
     */
    static Document withoutSeekedList(Document query, String field, Object seeked) {
        if (!(seeked instanceof Document operator) || !(operator.get("$in") instanceof List<?> values)
                || !values.stream().allMatch(value -> value instanceof String || value instanceof ObjectId)) {
            return query;
        }
        if (query.get(field) == seeked) {
            Document rest = new Document(query);
            rest.remove(field);
            return rest;
        }
        if (query.size() == 1 && query.get("$and") instanceof List<?> clauses) {
            List<Object> rest = new ArrayList<>(clauses);
            for (int i = 0; i < rest.size(); i++) {
                if (rest.get(i) instanceof Document condition && condition.size() == 1 && condition.get(field) == seeked) {
                    rest.remove(i);
                    return rest.isEmpty() ? new Document() : new Document("$and", rest);
                }
            }
        }
        return query;
    }

    /** The query with the {@code field: {$in: [...]}} condition {@code seeked} replaced by {@code field: value}. */
    private static Document withSeekedValue(Document query, String field, Object seeked, Object value) {
        if (query.get(field) == seeked) {
            Document one = new Document(query);
            one.put(field, value);
            return one;
        }
        List<Object> clauses = new ArrayList<>((List<?>) query.get("$and"));
        for (int i = 0; i < clauses.size(); i++) {
            if (clauses.get(i) instanceof Document condition && condition.size() == 1 && condition.get(field) == seeked) {
                clauses.set(i, new Document(field, value));
            }
        }
        return new Document("$and", clauses);
    }

    private static Object indexable(Object condition) {
        if (isPlainValue(condition)) {
            return condition;
        }
        if (condition instanceof Document operator && operator.size() == 1 && operator.get("$in") instanceof List<?> values
                && values.stream().allMatch(IdSeekingH2Collection::isPlainValue)) {
            return operator;
        }
        return null;
    }

    /** A value that {@code _id} must equal (not an operator document, a list or a pattern). */
    private static boolean isPlainValue(Object value) {
        return value instanceof String || value instanceof ObjectId || value instanceof Number
                || value instanceof UUID || value instanceof Date;
    }
}

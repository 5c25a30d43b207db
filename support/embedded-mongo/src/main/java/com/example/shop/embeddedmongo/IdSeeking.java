package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * How both backends' collections ({@link IdSeekingH2Collection}, {@link IdSeekingMemoryCollection})
 * find the few documents a query can match through an index, as MongoDB does, where mongo-java-server
 * would match every document of the collection:
 * <ul>
 * <li>a query naming {@code _id}, or the field of another unique single-field index, with further
 * conditions ({@code {_id: x, status: "active"}}, the shape of every guarded update; {@code {sku: x,
 * version: n}}, the catalog's): mongo-java-server uses an index only for a query whose fields are
 * exactly the index's, so with 10,000 carts such a query was most of the embedded database's time
 * under load, and one on 300,000 products took about 9 s;</li>
 * <li>a page in {@code _id} order ({@link #idOrderedPage});</li>
 * <li>a list of ids: matched without the list it was found by ({@link #withoutSeekedList}), and a
 * multi-update of one applied id by id ({@link #updateIdById}).</li>
 * </ul>
 * The documents found are always matched against the rest of the query, so seeking only narrows
 * what is read and never changes an answer.
 */
final class IdSeeking {

    private IdSeeking() {
    }

    /**
     * The places of the only documents a query can match, and the part of the query they must still
     * match.
     */
    record Candidates<P>(Document rest, Iterable<P> positions) {
    }

    /**
     * A query an index answers whole ({@code {_id: {$in: [...]}}}): the index's positions, and the query
     * without the list the index was seeked by. Null when no index answers it whole.
     */
    static <P> Candidates<P> throughWholeIndex(Document query, List<Index<P>> indexes) {
        for (Index<P> index : indexes) {
            if (index.canHandle(query)) {
                Document rest = query;
                if (index.getKeys().size() == 1) {
                    String field = index.getKeys().get(0).getKey();
                    rest = withoutSeekedList(query, field, query.get(field));
                }
                return new Candidates<>(rest, index.getPositions(query));
            }
        }
        return null;
    }

    /**
     * A query no index answers whole, but that names the values of {@code _id} or of another unique
     * single-field index among other conditions, or asks for a page in {@code _id} order. Null when it
     * does neither: then every document is matched, as before.
     */
    static <P> Candidates<P> throughIdOrUniqueKey(Document query, Document orderBy, int numberToSkip, int limit,
                                                  boolean naturalDescending, List<Index<P>> indexes, String idField) {
        Iterable<P> page = idOrderedPage(query, orderBy, numberToSkip, limit, indexes, idField);
        if (page != null) {
            return new Candidates<>(query, page);
        }
        if (naturalDescending) {
            return null;
        }
        Object id = named(query, idField);
        if (id != null) {
            Document byId = new Document(idField, id);
            for (Index<P> index : indexes) {
                if (index.canHandle(byId)) {
                    return new Candidates<>(withoutSeekedList(query, idField, id), index.getPositions(byId));
                }
            }
        }
        // the same through any other unique single-field index: {sku: x, version: n}
        for (Index<P> index : indexes) {
            if (!index.isUnique() || index.getKeys().size() != 1) {
                continue;
            }
            String field = index.getKeys().get(0).getKey();
            Object value = field.equals(idField) ? null : named(query, field);
            Document byKey = value == null ? null : new Document(field, value);
            if (byKey != null && index.canHandle(byKey)) {
                return new Candidates<>(withoutSeekedList(query, field, value), index.getPositions(byKey));
            }
        }
        return null;
    }

    /**
     * A multi-update of a list of ids ({@code updateMany({_id: {$in: [...]}, ...})}), applied as one
     * single-document update per distinct id ({@code updateOne}, given the selector with that id in
     * place of the list), under the caller's collection lock: mongo-java-server evaluates the whole
     * selector once more for every document it updates (to find the position for a {@code $}
     * operator), so a batch of n ids costs n² comparisons, which a profile of the cart's expiry showed
     * as the embedded database's main cost (bench/README.md). The result as
     * MongoDB counts it; null for anything else (upserts, replacements, lists that are not all
     * strings or object ids), which goes the usual way.
     */
    static Document updateIdById(Document selector, Document update, boolean isMulti, boolean isUpsert, String idField,
                                 UnaryOperator<Document> updateOne) {
        boolean operatorsOnly = update.keySet().stream().allMatch(key -> key.startsWith("$")); // else the usual refusal
        Object seeked = isMulti && !isUpsert && operatorsOnly ? named(selector, idField) : null;
        if (withoutSeekedList(selector, idField, seeked) == selector) {
            return null;
        }
        int matched = 0;
        int modified = 0;
        for (Object id : new LinkedHashSet<>((List<?>) ((Document) seeked).get("$in"))) {
            Document one = updateOne.apply(withSeekedValue(selector, idField, seeked, id));
            matched += ((Number) one.get("n")).intValue();
            modified += ((Number) one.get("nModified")).intValue();
        }
        Document result = new Document();
        result.put("n", matched);
        result.put("nModified", modified);
        return result;
    }

    /**
     * A page in {@code _id} order, {@code find({_id: {$gt: last}}).sort({_id: 1}).limit(n)} (or the
     * first page, {@code find({}).sort({_id: 1}).limit(n)}), or a range of ids,
     * {@code find({_id: {$gt: a, $lt: b}}).sort({_id: 1})} with or without a limit: the positions
     * of the ids in order, read from the ordered {@code _id} index. mongo-java-server would otherwise
     * match, decode and sort every document of the collection for each page (an export of 300,000
     * products took over 10 s before its first line; the holders of one sku are a range of the
     * reservations' ids); this is what MongoDB does with its {@code _id} index. Null when the query
     * has another shape.
     */
    private static <P> Iterable<P> idOrderedPage(Document query, Document orderBy, int numberToSkip, int limit,
                                                 List<Index<P>> indexes, String idField) {
        if (orderBy == null || orderBy.size() != 1 || !Integer.valueOf(1).equals(toInt(orderBy.get(idField)))) {
            return null;
        }
        Document range = null;
        if (!query.isEmpty()) {
            if (query.size() != 1 || !(query.get(idField) instanceof Document bounds) || !isIdRange(bounds)) {
                return null;
            }
            range = bounds;
        }
        Object after = range == null ? null : range.containsKey("$gt") ? range.get("$gt") : range.get("$gte");
        Object before = range == null ? null : range.containsKey("$lt") ? range.get("$lt") : range.get("$lte");
        if (limit <= 0 && before == null) {
            return null;
        }
        for (Index<P> index : indexes) {
            if (index instanceof OrderedUniqueIndex<P> ordered && index.canHandle(new Document(idField, "x"))) {
                return ordered.positionsBetween(after, range != null && range.containsKey("$gte"), before,
                        range != null && range.containsKey("$lte"), limit <= 0 ? Integer.MAX_VALUE : numberToSkip + limit);
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
                && values.stream().allMatch(IdSeeking::isPlainValue)) {
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

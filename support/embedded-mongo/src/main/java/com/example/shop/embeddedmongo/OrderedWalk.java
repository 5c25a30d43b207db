package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * How a sorted query is answered from a secondary index ({@link OrderedSecondaryIndex}), as MongoDB
 * answers {@code find({status: x, placed_at: {$lt: t}}).sort({placed_at: -1, number: -1}).limit(n)}
 * from an index {@code {status: 1, placed_at: -1, number: -1}}: the query names a value for each of the
 * index's first fields, the sort is the rest of its fields (all one way, walked forwards or backwards),
 * and a range on the first sorted field narrows the walk. The documents walked are matched against the
 * whole query until the page is full, so a walk only narrows what is read and never changes which
 * documents answer; documents that tie on every sorted field come in {@code _id} order. Without it, the
 * same query took 2.7 s a page at 20,000 orders (bench/FIGURES.md).
 */
final class OrderedWalk {

    private static final Set<String> RANGE = Set.of("$gt", "$gte", "$lt", "$lte");

    private OrderedWalk() {
    }

    /**
     * The documents' places in the query's order, or null when no secondary index has the query's
     * shape. A query without a sort walks, forwards, the index whose leading fields it names most values
     * of (or whose first field it bounds), as MongoDB's planner would take it: the order of an unsorted
     * answer is then the index's, which MongoDB does not promise either.
     */
    static <P> Iterable<P> of(Document query, Document orderBy, List<Index<P>> indexes) {
        List<String> sorted = new ArrayList<>();
        int direction = sortDirection(orderBy, sorted);
        if (direction == 0 && orderBy != null && !orderBy.isEmpty()) {
            return null;
        }
        Conditions conditions = new Conditions();
        conditions.add(query);
        OrderedSecondaryIndex<P> best = null;
        int bestPrefix = -1;
        for (Index<P> index : indexes) {
            if (index instanceof OrderedSecondaryIndex<P> secondary && secondary.holdsEveryDocument()) {
                List<String> fields = fields(index);
                int prefix = sorted.isEmpty() ? leadingValues(fields, conditions) : fields.size() - sorted.size();
                boolean fits = sorted.isEmpty()
                        ? prefix > 0 || conditions.bounds.containsKey(fields.get(0))
                        : prefix >= 0 && fields.subList(prefix, fields.size()).equals(sorted)
                        && conditions.equal.keySet().containsAll(fields.subList(0, prefix));
                if (fits && prefix > bestPrefix) {
                    best = secondary;
                    bestPrefix = prefix;
                }
            }
        }
        if (best == null) {
            return null;
        }
        List<String> fields = fields(best);
        List<Object> prefix = new ArrayList<>();
        fields.subList(0, bestPrefix).forEach(field -> prefix.add(conditions.equal.get(field)));
        Range range = bestPrefix < fields.size() ? conditions.range(fields.get(bestPrefix), best.multikey()) : Range.OPEN;
        return best.between(prefix, range.lower, range.lowerIn, range.upper, range.upperIn, direction < 0);
    }

    private static List<String> fields(Index<?> index) {
        return index.getKeys().stream().map(IndexKey::getKey).toList();
    }

    /** How many of the fields, from the first, the query names a value of. */
    private static int leadingValues(List<String> fields, Conditions conditions) {
        int named = 0;
        while (named < fields.size() && conditions.equal.containsKey(fields.get(named))) {
            named++;
        }
        return named;
    }

    /**
     * The first {@code max} places of the walk whose documents match, each once (a document with an
     * array in the index has an entry per element).
     */
    static <P> List<P> firstMatching(Iterable<P> walk, int max, Predicate<P> matches) {
        List<P> found = new ArrayList<>();
        Set<P> seen = new HashSet<>();
        for (P position : walk) {
            if (found.size() == max) {
                break;
            }
            if (seen.add(position) && matches.test(position)) {
                found.add(position);
            }
        }
        return found;
    }

    /** 1 or -1 when every sorted field goes that way (the fields into {@code sorted}); else 0. */
    private static int sortDirection(Document orderBy, List<String> sorted) {
        if (orderBy == null || orderBy.isEmpty()) {
            return 0;
        }
        int direction = 0;
        for (Map.Entry<String, Object> order : orderBy.entrySet()) {
            if (order.getKey().startsWith("$") || !(order.getValue() instanceof Number way)
                    || Math.abs(way.intValue()) != 1 || direction != 0 && way.intValue() != direction) {
                return 0;
            }
            direction = way.intValue();
            sorted.add(order.getKey());
        }
        return direction;
    }

    /** The bounds a query puts on a field, each a normalized value, or null when open. */
    private record Range(Object lower, boolean lowerIn, Object upper, boolean upperIn) {

        static final Range OPEN = new Range(null, false, null, false);

        /** This range narrowed by {@code operator: value} ({@code $eq} narrows both sides). */
        Range and(String operator, Object value) {
            if (operator.equals("$eq")) {
                return and("$gte", value).and("$lte", value);
            }
            boolean in = operator.endsWith("e");
            if (operator.startsWith("$g")) {
                int c = lower == null ? 1 : OrderedKeyType.compareValues(value, lower);
                return c > 0 || c == 0 && !in ? new Range(value, in, upper, upperIn) : this;
            }
            int c = upper == null ? -1 : OrderedKeyType.compareValues(value, upper);
            return c < 0 || c == 0 && !in ? new Range(lower, lowerIn, value, in) : this;
        }
    }

    private record Bound(String operator, Object value) {
    }

    /**
     * What a query says of single fields: a value each must equal, bounds each must lie in. Read from
     * its top level and its {@code $and}s; anything else ({@code $or}, {@code $in}, {@code $elemMatch})
     * is left to the matcher.
     */
    private static final class Conditions {

        final Map<String, Object> equal = new HashMap<>();
        final Map<String, List<Bound>> bounds = new HashMap<>();

        void add(Document query) {
            for (Map.Entry<String, Object> condition : query.entrySet()) {
                String field = condition.getKey();
                Object value = condition.getValue();
                if (field.equals("$and") && value instanceof List<?> clauses) {
                    clauses.stream().filter(Document.class::isInstance).forEach(clause -> add((Document) clause));
                } else if (field.startsWith("$")) {
                    continue;
                } else if (plain(value)) {
                    equal.putIfAbsent(field, normalized(value));
                    bound(field, "$eq", value); // also a range of one value, for a walk sorted by this field
                } else if (value instanceof Document operators && !operators.isEmpty() && RANGE.containsAll(operators.keySet())
                        && operators.values().stream().allMatch(OrderedWalk::plain)) {
                    operators.forEach((operator, limit) -> bound(field, operator, limit));
                }
            }
        }

        private void bound(String field, String operator, Object value) {
            bounds.computeIfAbsent(field, f -> new ArrayList<>()).add(new Bound(operator, normalized(value)));
        }

        /**
         * The range the field's bounds make. When some document has several values of it (an array),
         * only the first bound: each bound may hold for another element ({@code [1, 10]} matches
         * {@code {$gt: 5, $lt: 8}}), so MongoDB does not intersect them either.
         */
        Range range(String field, boolean multikey) {
            Range range = Range.OPEN;
            for (Bound bound : bounds.getOrDefault(field, List.of())) {
                range = range.and(bound.operator(), bound.value());
                if (multikey) {
                    break;
                }
            }
            return range;
        }
    }

    /** A value a field must equal or be compared with as is (not an operator document, a list, a pattern or null). */
    private static boolean plain(Object value) {
        return value instanceof String || value instanceof ObjectId || value instanceof Number || value instanceof UUID
                || value instanceof Instant || value instanceof Boolean;
    }

    /** The value as the index keeps it. */
    private static Object normalized(Object value) {
        return new KeyValue(value).normalized().get(0);
    }
}

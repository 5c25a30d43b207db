package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.ne;
import static com.mongodb.client.model.Filters.size;
import static com.mongodb.client.model.Updates.pull;
import static com.mongodb.client.model.Updates.push;

import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.conversions.Bson;

/**
 * The marks a unit move leaves on each document it changes ({@code moves: [{op, units}]} in a stock
 * or reservation document), and the guards and updates the stores build from them: a step is applied
 * only where its move has not marked the document, and marks it in the same write, so whether it
 * applied can be read later. Settling removes them. See docs/design.md, Stock moves.
 */
final class MoveMarks {

    static final String FIELD = "moves";
    static final String OP = "op";
    static final String UNITS = "units";

    /** One mark: the move's op and the units its step moved on the document. */
    record Mark(String op, long units) {
    }

    private MoveMarks() {
    }

    /** The filter: the move has not changed this document yet. */
    static Bson unmarked(String op) {
        return ne(FIELD + "." + OP, op);
    }

    static Bson mark(String op, long units) {
        return push(FIELD, new BsonDocument(OP, new BsonString(op)).append(UNITS, new BsonInt64(units)));
    }

    static Bson unmark(Collection<String> ops) {
        BsonArray in = new BsonArray();
        ops.forEach(op -> in.add(new BsonString(op)));
        return pull(FIELD, new BsonDocument(OP, new BsonDocument("$in", in)));
    }

    /** The filter: the document carries exactly one mark, and it is one of these moves'. */
    static Bson onlyMarkOneOf(Collection<String> ops) {
        return and(size(FIELD, 1), in(FIELD + "." + OP, ops));
    }

    /** The units the move marked on a document that carries these marks, if it marked it. */
    static OptionalLong marked(List<Mark> marks, String op) {
        for (Mark mark : marks) {
            if (op.equals(mark.op())) {
                return OptionalLong.of(mark.units());
            }
        }
        return OptionalLong.empty();
    }
}

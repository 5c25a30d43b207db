package com.example.shop.cart.inventory;

import static com.example.shop.web.database.StoredFields.documents;
import static com.example.shop.web.database.StoredFields.number;
import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.ne;
import static com.mongodb.client.model.Filters.size;
import static com.mongodb.client.model.Updates.pull;
import static com.mongodb.client.model.Updates.push;

import java.util.Collection;
import java.util.OptionalLong;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The marks a unit move leaves on each document it changes ({@code moves: [{op, units}]} in a stock
 * or reservation document). Every step of a move is one update guarded by "this move has not marked
 * this document" that moves the units and marks the document in the same write, so a step applies
 * at most once, and whether it applied can be read afterwards: that is what lets the cleanup finish
 * a move whose process died half-way ({@link CleanupInventory}). The marks are removed when the
 * move is settled ({@link MoveJournal}); a document carries only the marks of moves in flight.
 */
final class MoveMarks {

    static final String FIELD = "moves";
    private static final String OP = "op";
    private static final String UNITS = "units";

    private MoveMarks() {
    }

    /** The filter: the move has not changed this document yet. */
    static Bson unmarked(String op) {
        return ne(FIELD + "." + OP, op);
    }

    static Bson mark(String op, long units) {
        return push(FIELD, new Document(OP, op).append(UNITS, units));
    }

    static Bson unmark(Collection<String> ops) {
        return pull(FIELD, new Document(OP, new Document("$in", ops)));
    }

    /** The filter: the document carries exactly one mark, and it is one of these moves'. */
    static Bson onlyMarkOneOf(Collection<String> ops) {
        return and(size(FIELD, 1), in(FIELD + "." + OP, ops));
    }

    /** The units the move marked on this document, if it marked it. */
    static OptionalLong marked(Document doc, String op) {
        for (Document mark : documents(doc, FIELD)) {
            if (op.equals(mark.getString(OP))) {
                return OptionalLong.of(number(mark, UNITS));
            }
        }
        return OptionalLong.empty();
    }
}

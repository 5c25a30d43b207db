package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;

import java.util.Date;
import org.bson.conversions.Bson;

/**
 * A migration's marker, collection {@code migrations}, as a typed value; the field names are here
 * and nowhere else:
 * <pre>
 * migrations { _id: name, done, finished, converted }
 * </pre>
 * Written once, when every document the migration looks at is converted, so that later start-ups
 * do not look again.
 */
record MigrationMarker(String name, boolean done, Date finished, int converted) {

    static final String NAME = "_id";
    static final String DONE = "done";
    static final String FINISHED = "finished";
    static final String CONVERTED = "converted";

    /** The migration of this name is done. */
    static Bson doneFilter(String name) {
        return and(eq(NAME, name), eq(DONE, true));
    }

    static Bson byName(String name) {
        return eq(NAME, name);
    }

    /** This marker as an update of the document {@link #byName} finds (or inserts). */
    Bson update() {
        return combine(set(DONE, done), set(FINISHED, finished), set(CONVERTED, converted));
    }
}

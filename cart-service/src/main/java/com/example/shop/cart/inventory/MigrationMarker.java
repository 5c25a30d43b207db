package com.example.shop.cart.inventory;

import java.util.Date;

/**
 * A migration's marker, collection {@code migrations}, as a typed value; the field names are here
 * and nowhere else:
 * <pre>
 * migrations { _id: name, done, finished, converted }
 * </pre>
 * Written once, when every document the migration looks at is converted, so that later start-ups
 * do not look again ({@link MigrationStore}). Read and written by {@link MigrationMarkerCodec}.
 */
record MigrationMarker(String name, boolean done, Date finished, int converted) {

    static final String NAME = "_id";
    static final String DONE = "done";
    static final String FINISHED = "finished";
    static final String CONVERTED = "converted";
}

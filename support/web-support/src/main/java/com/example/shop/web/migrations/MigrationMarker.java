package com.example.shop.web.migrations;

import java.util.Date;

/**
 * A one-off migration's marker, collection {@code migrations}, as a typed value; the field names are
 * here and nowhere else:
 * <pre>
 * migrations { _id: name, done, finished, converted, after }
 * </pre>
 * {@code done} once every document the migration looks at is converted, so that later start-ups do
 * not look again ({@link MigrationStore}); until then {@code after}, when the migration records its
 * progress, is the {@code _id} of the last document it converted, where a killed one resumes.
 * Read and written by {@link MigrationMarkerCodec}.
 */
public record MigrationMarker(String name, boolean done, Date finished, long converted, Object after) {

    static final String NAME = "_id";
    static final String DONE = "done";
    static final String FINISHED = "finished";
    static final String CONVERTED = "converted";
    static final String AFTER = "after";

    /** The marker of a migration that converted {@code converted} documents and is done. */
    public static MigrationMarker done(String name, long converted) {
        return new MigrationMarker(name, true, new Date(), converted, null);
    }

    /** The marker of a migration that has converted {@code converted} documents so far, the last one {@code after}. */
    public static MigrationMarker progress(String name, long converted, Object after) {
        return new MigrationMarker(name, false, null, converted, after);
    }
}

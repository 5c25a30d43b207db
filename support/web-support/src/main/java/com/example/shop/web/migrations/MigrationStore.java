package com.example.shop.web.migrations;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.UpdateOptions;
import java.util.Optional;

/**
 * The markers of a service's one-off migrations, its {@code migrations} collection: one
 * {@link MigrationMarker} per migration. Each service's migration holds one over its own database.
 */
public final class MigrationStore {

    private static final String MIGRATIONS = "migrations";

    private final MongoCollection<MigrationMarker> migrations;

    public MigrationStore(MongoDatabase database) {
        this.migrations = ServiceDatabase.collection(database, MIGRATIONS, new MigrationMarkerCodec());
    }

    /** Whether the migration of this name is done. */
    public boolean done(String name) {
        return migrations.find(and(eq(MigrationMarker.NAME, name), eq(MigrationMarker.DONE, true))).first() != null;
    }

    /** The marker of the migration of this name, if it has recorded one. */
    public Optional<MigrationMarker> marker(String name) {
        return Optional.ofNullable(migrations.find(eq(MigrationMarker.NAME, name)).first());
    }

    /** Records the marker (inserted, or set on the one there). */
    public void record(MigrationMarker marker) {
        migrations.updateOne(eq(MigrationMarker.NAME, marker.name()),
                combine(set(MigrationMarker.DONE, marker.done()), set(MigrationMarker.FINISHED, marker.finished()),
                        set(MigrationMarker.CONVERTED, marker.converted()), set(MigrationMarker.AFTER, marker.after())),
                new UpdateOptions().upsert(true));
    }
}

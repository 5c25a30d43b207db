package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.UpdateOptions;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/** The markers of the migrations done, {@code migrations}: one {@link MigrationMarker} per migration. */
@Singleton
public record MigrationStore(MongoCollection<MigrationMarker> migrations) {

    private static final String MIGRATIONS = "migrations";

    /** The service's database, or any other: tests run a second "replica" of the jobs on a client of their own. */
    @Inject
    public MigrationStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, MIGRATIONS, new MigrationMarkerCodec()));
    }

    /** Whether the migration of this name is done. */
    boolean done(String name) {
        return migrations.find(and(eq(MigrationMarker.NAME, name), eq(MigrationMarker.DONE, true))).first() != null;
    }

    /** Records the marker (inserted, or set on the one there). */
    void record(MigrationMarker marker) {
        migrations.updateOne(eq(MigrationMarker.NAME, marker.name()),
                combine(set(MigrationMarker.DONE, marker.done()), set(MigrationMarker.FINISHED, marker.finished()),
                        set(MigrationMarker.CONVERTED, marker.converted())),
                new UpdateOptions().upsert(true));
    }
}

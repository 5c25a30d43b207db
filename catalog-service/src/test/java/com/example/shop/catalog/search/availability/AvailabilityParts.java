package com.example.shop.catalog.search.availability;

import com.example.shop.catalog.search.feed.AvailabilitySource;
import com.example.shop.catalog.search.feed.IndexUpdates;
import com.mongodb.client.MongoDatabase;

/**
 * What the tests of other packages assemble of the availability (each replica's in
 * IndexLifecycleTest), which the service keeps inside the package.
 */
public final class AvailabilityParts {

    private AvailabilityParts() {
    }

    public static AvailabilitySource source(MongoDatabase database) {
        return new AvailabilityStore(database);
    }

    public static ApplyTransitions applyTransitions(MongoDatabase database, IndexUpdates updates) {
        return new ApplyTransitions(new AvailabilityStore(database), updates);
    }
}

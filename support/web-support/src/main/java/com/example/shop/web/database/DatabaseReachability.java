package com.example.shop.web.database;

import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import jakarta.inject.Singleton;

/**
 * Whether the driver sees a server it can write to right now, from its own monitoring of the
 * cluster: no round trip. While it sees none (the database was killed, a replica set has no primary
 * yet), every command waits out {@code quarkus.mongodb.server-selection-timeout} and then fails.
 * Work that can be left to a later moment (bringing a search index up to date, marking a feed entry
 * done) asks here first, rather than holding its request, or a lock others queue behind, for that
 * long each time. The driver marks a server unknown on the first network error of any command, so
 * the answer is current within one failed command; once the server is back, the first command that
 * waits for it makes the driver look again at once.
 */
@Singleton
public record DatabaseReachability(MongoClient client) {

    /** True while the driver knows a writable server (a primary, a standalone server or a mongos). */
    public boolean writable() {
        return client.getClusterDescription().hasWritableServer();
    }

    /**
     * Returns when the driver knows a writable server; otherwise throws at once what a command would
     * have thrown after the server selection timeout ({@code what} says what was not done).
     */
    public void requireWritable(String what) {
        if (!writable()) {
            throw new MongoTimeoutException("No writable server in the driver's view of the cluster; " + what
                    + " was not attempted rather than wait for one");
        }
    }
}

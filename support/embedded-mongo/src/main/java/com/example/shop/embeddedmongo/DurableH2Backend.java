package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.nio.file.Path;
import org.h2.mvstore.MVStore;

/**
 * The H2 backend, made to keep every acknowledged write. Out of the box the MVStore commits in
 * the background about once a second, so a {@code kill -9} right after an acknowledged write
 * loses it. Here auto-commit is off and each command's changes are committed (written to the
 * file) before the reply leaves the server. A commit with nothing to write is a cheap no-op, so
 * reads pay nearly nothing.
 */
public class DurableH2Backend extends H2Backend {

    public DurableH2Backend(Path file) {
        super(new MVStore.Builder()
                .fileName(file.toString())
                .autoCommitDisabled()
                .open());
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
        try {
            return super.handleCommand(channel, database, command, query);
        } finally {
            commit();
        }
    }
}

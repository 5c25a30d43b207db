package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.nio.file.Path;
import java.util.Set;
import org.h2.mvstore.MVStore;

/**
 * The H2 backend, made to keep every acknowledged write. Out of the box the MVStore commits in
 * the background about once a second, so a {@code kill -9} right after an acknowledged write
 * loses it. Here auto-commit is off, and a command that may write is answered only after a commit
 * (the file written) that contains its changes; concurrent commands share commits
 * ({@link GroupCommit}). Commands that only read skip the commit, and so does a write that asks for
 * {@code writeConcern: {j: false}}, as mongod answers it: once applied, before it is on disk. A
 * commit holds every change applied before it, so such a write is on disk with the next commit,
 * whoever's write that is; a client that sends its last write of a sequence without {@code j: false}
 * gets the whole sequence on disk before that answer, and a crash before it loses a suffix of the
 * sequence, never a step in its middle.
 *
 * <p>Its collections find a document by {@code _id} through the index even in a guarded query
 * ({@link IdSeekingH2Collection}).
 */
public class DurableH2Backend extends H2Backend {

    /** Commands that never change data: answering them needs no commit. */
    private static final Set<String> READ_ONLY = Set.of(
            "find", "getMore", "count", "distinct", "listIndexes", "listCollections", "listDatabases",
            "hello", "isMaster", "ismaster", "ping", "buildInfo", "buildinfo", "getParameter",
            "serverStatus", "dbStats", "collStats", "whatsmyuri", "getLog", "hostInfo",
            "connectionStatus", "getCmdLineOpts", "killCursors", "endSessions");

    private final GroupCommit commits = new GroupCommit(this::commit);

    public DurableH2Backend(Path file) {
        super(new MVStore.Builder()
                .fileName(file.toString())
                .autoCommitDisabled()
                .open());
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
        return new IdSeekingH2Database(databaseName, getMvStore(), getCursorRegistry());
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
        try {
            return super.handleCommand(channel, database, command, query);
        } finally {
            if (!READ_ONLY.contains(command) && !unjournaled(query)) {
                commits.awaitCommit();
            }
        }
    }

    private static boolean unjournaled(Document command) {
        return command.get("writeConcern") instanceof Document concern && Boolean.FALSE.equals(concern.get("j"));
    }
}

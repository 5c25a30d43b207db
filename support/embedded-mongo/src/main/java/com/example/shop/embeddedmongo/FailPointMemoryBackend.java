package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.List;

/**
 * The in-memory backend of the tests, made to answer two things the way MongoDB 7 does:
 * <ul>
 * <li>the {@code failCommand} fail point ({@link FailCommand}), so that a test can make a
 * command fail with any of MongoDB's error codes (not primary, node recovering, write concern,
 * time limit, labelled errors), which a single embedded server can never produce on its own;</li>
 * <li>{@code createIndexes} over an index that exists under another name: error 85
 * ({@link IndexConflicts}).</li>
 * </ul>
 */
public class FailPointMemoryBackend extends IdSeekingMemoryBackend {

    private final FailCommand failCommand = new FailCommand();

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
        if (FailCommand.COMMAND.equalsIgnoreCase(command)) {
            return failCommand.configure(query);
        }
        Document failure = failCommand.fire(command);
        Document error = failure == null ? null : FailCommand.errorReply(failure);
        if (error != null) {
            return error;
        }
        if ("createIndexes".equalsIgnoreCase(command)) {
            Document conflict = IndexConflicts.check(query, indexes(channel, database, String.valueOf(query.get(command))));
            if (conflict != null) {
                return conflict;
            }
        }
        Document reply = super.handleCommand(channel, database, command, query);
        if (failure != null && failure.get("writeConcernError") instanceof Document writeConcernError && reply != null) {
            reply.put("writeConcernError", writeConcernError);
        }
        return reply;
    }

    @SuppressWarnings("unchecked")
    private List<Document> indexes(Channel channel, String database, String collection) {
        Document reply = super.handleCommand(channel, database, "listIndexes", new Document("listIndexes", collection));
        Object cursor = reply == null ? null : reply.get("cursor");
        Object batch = cursor instanceof Document c ? c.get("firstBatch") : null;
        return batch instanceof List<?> list ? (List<Document>) list : new ArrayList<>();
    }
}

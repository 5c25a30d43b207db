package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.bson.Document;
import java.util.Collection;
import java.util.List;

/**
 * MongoDB's {@code failCommand} fail point, the one mongod offers when started with
 * {@code --setParameter enableTestCommands=1}. A test arms it over the wire with the same admin
 * command on either server:
 * <pre>
 *   {configureFailPoint: "failCommand", mode: "alwaysOn" | "off" | {times: n},
 *    data: {failCommands: ["insert", ...], errorCode: 91, errorLabels: ["RetryableWriteError"]}}
 *   {configureFailPoint: "failCommand", mode: {times: 1},
 *    data: {failCommands: ["update"], writeConcernError: {code: 64, errmsg: "waiting for replication timed out"}}}
 * </pre>
 * With {@code errorCode} a matching command is not executed and answers {@code ok: 0} with that
 * code (and the labels): the driver then raises the exception class it raises for that code on
 * a real server. With {@code writeConcernError} the command is executed and the reply carries the
 * write-concern error, as when a primary applied a write that did not reach a majority.
 * Over the wire, because the test and the server under test live in different class loaders.
 */
final class FailCommand {

    static final String COMMAND = "configureFailPoint";
    static final String NAME = "failCommand";

    /** Times left; {@code -1} while always on, {@code 0} when off. */
    private long remaining;
    private Document data = new Document();

    /** Handles {@code configureFailPoint}; answers the previous count, as mongod does. */
    synchronized Document configure(Document command) {
        Object name = command.get(COMMAND);
        if (!NAME.equals(name)) {
            return error(2, "BadValue", "unknown fail point: " + name + " (only " + NAME + " is emulated)");
        }
        Object mode = command.get("mode");
        long previous = remaining;
        if ("off".equals(mode)) {
            remaining = 0;
        } else if ("alwaysOn".equals(mode)) {
            remaining = -1;
        } else if (mode instanceof Document times && times.get("times") instanceof Number n) {
            remaining = n.longValue();
        } else {
            return error(2, "BadValue", "mode must be \"alwaysOn\", \"off\" or {times: n}, not " + mode);
        }
        Object armed = command.get("data");
        data = armed instanceof Document d ? d : new Document();
        Document reply = new Document("count", previous < 0 ? 0 : previous);
        reply.put("ok", 1.0);
        return reply;
    }

    /** The fail point's data when it fires for this command (and counts the firing), else null. */
    synchronized Document fire(String command) {
        if (remaining == 0 || COMMAND.equalsIgnoreCase(command) || !names(data.get("failCommands")).contains(command)) {
            return null;
        }
        if (remaining > 0) {
            remaining--;
        }
        return data;
    }

    /** The reply of a command failed with {@code data.errorCode}, or null when the data asks for none. */
    static Document errorReply(Document data) {
        if (!(data.get("errorCode") instanceof Number code)) {
            return null;
        }
        Document reply = error(code.intValue(), null, "Failing command via '" + NAME + "' failpoint");
        if (data.get("errorLabels") instanceof Collection<?> labels) {
            reply.put("errorLabels", List.copyOf(labels));
        }
        return reply;
    }

    static Document error(int code, String codeName, String message) {
        Document reply = new Document("ok", 0.0);
        reply.put("errmsg", message);
        reply.put("code", code);
        if (codeName != null) {
            reply.put("codeName", codeName);
        }
        return reply;
    }

    private static Collection<?> names(Object value) {
        return value instanceof Collection<?> c ? c : List.of();
    }
}

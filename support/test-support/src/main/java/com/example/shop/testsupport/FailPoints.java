package com.example.shop.testsupport;

import static org.hamcrest.Matchers.equalTo;

import com.mongodb.client.MongoDatabase;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import org.bson.Document;

/**
 * Makes the test database answer chosen commands with MongoDB's own error codes, as a replica set
 * does during a step-down or a failover: MongoDB's {@code failCommand} fail point, armed with the
 * {@code configureFailPoint} admin command. The embedded server emulates it
 * ({@code FailPointMemoryBackend}); the {@code mongo:7} container has it because it runs with
 * {@code enableTestCommands}. Being a command sent over the wire, it reaches the server whatever
 * class loader the test and the service under test live in.
 *
 * <p>Arm it, call a real endpoint, and switch it {@link #off()} in an {@code @AfterEach}. Arm
 * with {@link #always} when the outcome must be the failure: the driver retries a read once, and
 * on a replica set a write labelled retryable once.
 */
public final class FailPoints {

    private FailPoints() {
    }

    /**
     * The answer of every service while its database fails this way: a 503 {@code service-unavailable}
     * problem with {@code Retry-After} and {@code dependency: mongodb}, never a 500.
     */
    public static void assertRetryLater(ValidatableResponse response) {
        response.statusCode(503).contentType("application/problem+json")
                .header("Retry-After", "2")
                .body("type", equalTo("https://problems.shop.example/service-unavailable"))
                .body("dependency", equalTo("mongodb"));
    }

    /** Every {@code command} (for example {@code "insert"}, {@code "find"}) fails with {@code code} and the labels until {@link #off()}. */
    public static void always(String command, int code, String... labels) {
        configure("alwaysOn", failure(command, code, labels));
    }

    /** The next {@code times} {@code command}s fail with {@code code} and the labels. */
    public static void times(int times, String command, int code, String... labels) {
        configure(new Document("times", times), failure(command, code, labels));
    }

    /**
     * Every {@code command} is executed but answers with a write-concern error (for example 64,
     * {@code WriteConcernFailed}: not acknowledged by a majority in time) until {@link #off()}.
     */
    public static void writeConcernErrorAlways(String command, int code, String message) {
        configure("alwaysOn", new Document("failCommands", List.of(command))
                .append("writeConcernError", new Document("code", code).append("errmsg", message)));
    }

    public static void off() {
        configure("off", new Document());
    }

    private static Document failure(String command, int code, String... labels) {
        Document data = new Document("failCommands", List.of(command)).append("errorCode", code);
        if (labels.length > 0) {
            data.append("errorLabels", List.of(labels));
        }
        return data;
    }

    private static void configure(Object mode, Document data) {
        MongoDatabase admin = TestDatabase.database("admin");
        admin.runCommand(new Document("configureFailPoint", "failCommand").append("mode", mode).append("data", data));
    }
}

package com.example.shop.testsupport;

import com.example.shop.embeddedmongo.EmbeddedMongo;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.jboss.logging.Logger;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mongodb.MongoDBContainer;

/**
 * The MongoDB every service's tests run against: a real {@code mongo:7} in a container when a
 * Docker engine is present, the embedded MongoDB-wire server otherwise. Set
 * {@code TEST_MONGO=embedded} or {@code TEST_MONGO=container} to force one. It says in the log
 * which one it started, so a reader of the build output knows what the tests were proven on.
 *
 * <p>The container is a replica set (Testcontainers' {@code MongoDBContainer} starts a standalone
 * mongod unless asked for one), so that sessions and retryable writes are exercised as in
 * production, and it runs with {@code enableTestCommands} so that {@link FailPoints} works on it
 * as on the embedded server.
 */
public class MongoTestResource implements QuarkusTestResourceLifecycleManager {

    private static final Logger LOG = Logger.getLogger(MongoTestResource.class);

    private static volatile String connectionString;
    private static volatile boolean embeddedRunning;

    private MongoDBContainer container;
    private EmbeddedMongo embedded;

    @Override
    public Map<String, String> start() {
        String choice = System.getenv().getOrDefault("TEST_MONGO", "auto");
        boolean docker = !choice.equals("embedded") && dockerAvailable();
        if (choice.equals("container") && !docker) {
            throw new IllegalStateException("TEST_MONGO=container but no Docker engine is available");
        }
        if (docker) {
            container = new MongoDBContainer("mongo:7").withReplicaSet()
                    .withCommand("--replSet", "docker-rs", "--setParameter", "enableTestCommands=1");
            container.start();
            // A direct connection: the single member announces itself under the container's
            // host name, which this machine cannot resolve. The driver still sees a replica-set
            // primary, so retryable writes are on.
            connectionString = container.getConnectionString() + "/?directConnection=true";
            LOG.infof("MongoDB for tests: Testcontainers mongo:7 (single-member replica set) at %s", connectionString);
        } else {
            embedded = EmbeddedMongo.inMemory();
            connectionString = embedded.connectionString();
            embeddedRunning = true;
            LOG.infof("MongoDB for tests: embedded mongo-java-server at %s (no Docker engine: the mongo:7 container run was SKIPPED)",
                    connectionString);
        }
        return Map.of("quarkus.mongodb.connection-string", connectionString);
    }

    /** The connection string of the running server, for tests that inspect the database directly. */
    public static String connectionString() {
        if (connectionString == null) {
            throw new IllegalStateException("MongoTestResource has not started");
        }
        return connectionString;
    }

    /** Whether the tests run against the embedded server rather than a real MongoDB. */
    public static boolean isEmbedded() {
        return embeddedRunning;
    }

    /**
     * Skips the calling test, saying so in the build output, when it runs on the embedded server:
     * for what only a real MongoDB can prove ({@code needs} says what, for the reader of the log).
     */
    public static void assumeRealMongoDb(String needs) {
        if (embeddedRunning) {
            String message = "SKIPPED on the embedded server: " + needs
                    + " needs a real MongoDB (a Docker engine, or TEST_MONGO=container)";
            LOG.warn(message);
            org.junit.jupiter.api.Assumptions.abort(message);
        }
    }

    @Override
    public void stop() {
        if (container != null) {
            container.stop();
        }
        if (embedded != null) {
            embedded.close();
        }
    }

    /**
     * Asks Testcontainers only when an engine could be there (a socket or DOCKER_HOST): its probe
     * logs an ERROR with a stack trace on machines that have none, which reads like a failure.
     */
    private static boolean dockerAvailable() {
        boolean engineConfigured = System.getenv("DOCKER_HOST") != null
                || java.nio.file.Files.exists(java.nio.file.Path.of("/var/run/docker.sock"))
                || java.nio.file.Files.exists(java.nio.file.Path.of(System.getProperty("user.home"), ".testcontainers.properties"));
        if (!engineConfigured) {
            return false;
        }
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (Throwable e) {
            return false;
        }
    }
}

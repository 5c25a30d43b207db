package com.example.shop.testsupport;

import com.example.shop.embeddedmongo.EmbeddedMongo;
import io.quarkus.bootstrap.util.IoUtils;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A database of its own for a test profile that takes it away mid-test: the durable embedded
 * server, which the test stops ({@link #down()}: its connections close, as when the process is
 * killed) and starts again on the same port with the same data ({@link #up()}). Always the embedded
 * server, even where a Docker engine is present: a container's stop and start is not what is tested.
 */
public class StoppableDatabase implements QuarkusTestResourceLifecycleManager {

    private static Path file;
    private static int port;
    private static EmbeddedMongo server;

    @Override
    public synchronized Map<String, String> start() {
        try {
            file = Files.createTempDirectory("stoppable-database").resolve("data.mv");
            server = EmbeddedMongo.durable(file, "127.0.0.1", 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        port = server.port();
        return Map.of("quarkus.mongodb.connection-string", server.connectionString());
    }

    /** Stops the server: from now on nothing answers on its port. */
    public static synchronized void down() {
        server.close();
        server = null;
    }

    /** Starts it again, on the same port, with what it held. */
    public static synchronized void up() throws IOException {
        server = EmbeddedMongo.durable(file, "127.0.0.1", port);
    }

    /** Stops the server and removes its data directory, which lives as long as the test profile. */
    @Override
    public synchronized void stop() {
        if (server != null) {
            server.close();
            server = null;
        }
        IoUtils.recursiveDelete(file.getParent());
    }
}

package com.example.shop.testsupport;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;

/**
 * Runs a service's tests with its {@code prod} configuration profile, as the packaged service runs,
 * so that what production changes (the management interface on a port of its own) is what the
 * test sees. The management interface listens on a free port, {@code quarkus.management.test-port},
 * which a test reads back from the configuration.
 *
 * <p>The public port is a fixed free port too, as in production: Micrometer tags an HTTP server's
 * meters with its port only when the port is not random, and Prometheus refuses the same meter
 * with and without that tag, which made the start of the second server (the management
 * interface) hang.
 */
public class ProductionProfile implements QuarkusTestProfile {

    @Override
    public String getConfigProfile() {
        return "prod";
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("quarkus.http.test-port", String.valueOf(freePort()),
                "quarkus.management.test-port", String.valueOf(freePort()));
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

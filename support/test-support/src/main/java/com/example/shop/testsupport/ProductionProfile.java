package com.example.shop.testsupport;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * Runs a service's tests with its {@code prod} configuration profile, as the packaged service runs,
 * so that what production changes (the management interface on a port of its own) is what the
 * test sees. Both servers bind port 0, and Quarkus publishes the ports they got as
 * {@code quarkus.http.test-port} and {@code quarkus.management.test-port}, which a test reads back.
 * A port picked free beforehand and bound at start-up was a race: another socket of the test run
 * could take it meanwhile ({@code QuarkusBindException: Port already bound}).
 *
 * <p>Both ports are random alike: Micrometer tags an HTTP server's meters with its port only when
 * the port is not random, and Prometheus refuses the same meter with and without that tag, which
 * made the start of the second server hang when one port was random and the other fixed.
 */
public class ProductionProfile implements QuarkusTestProfile {

    @Override
    public String getConfigProfile() {
        return "prod";
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("quarkus.http.test-port", "0", "quarkus.management.test-port", "0");
    }
}

package com.example.shop.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** docker-compose.yml and the services' Dockerfile.jvm, checked as files (no Docker engine is used). */
class DockerComposeTest {

    static final Path ROOT = RepoRoot.get();

    static String compose() throws IOException {
        return Files.readString(ROOT.resolve("docker-compose.yml"));
    }

    @Test
    void composeRunsAMongoReplicaSetAndTheFourServicesWiredByHealth() throws IOException {
        assertEquals(List.of(), ComposeChecks.check(compose(), ROOT));
    }

    @Test
    void composeGivesEachServiceItsOwnDatabaseOnTheReplicaSet() throws IOException {
        var services = (java.util.Map<?, ?>) ComposeChecks.load(compose()).get("services");
        for (var entry : List.of(new String[] {"catalog-service", "catalog"}, new String[] {"category-service", "categories"},
                new String[] {"cart-service", "cart"})) {
            @SuppressWarnings("unchecked")
            var env = ComposeChecks.environment((java.util.Map<String, Object>) services.get(entry[0]));
            assertEquals("mongodb://mongo1:27017,mongo2:27017,mongo3:27017/" + entry[1] + "?replicaSet=rs0",
                    env.get("QUARKUS_MONGODB_CONNECTION_STRING"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"catalog-service", "category-service", "cart-service", "gateway"})
    void eachServiceHasAProductionDockerfile(String module) throws IOException {
        Path dockerfile = ROOT.resolve(module).resolve("src/main/docker/Dockerfile.jvm");
        assertTrue(Files.isRegularFile(dockerfile), dockerfile + " is missing");
        assertEquals(List.of(), ComposeChecks.checkDockerfile(module, Files.readString(dockerfile)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            no replica set            | "--replSet", "rs0",             | "--bind_ip", "0.0.0.0",          | starts no replica set
            shared database           | mongo3:27017/cart?              | mongo3:27017/catalog?            | MongoDB URI mongodb://mongo1:27017,mongo2:27017,mongo3:27017/catalog?replicaSet=rs0 is not
            no replicaSet in URI      | mongo3:27017/categories?replicaSet=rs0 | mongo3:27017/categories   | is not mongodb://mongo1:27017,mongo2:27017,mongo3:27017/categories?replicaSet=rs0
            one member in URI         | mongodb://mongo1:27017,mongo2:27017,mongo3:27017/categories | mongodb://mongo1:27017/categories | is not mongodb://mongo1:27017,mongo2:27017,mongo3:27017/categories
            a member left out         | {_id: 2, host: 'mongo3:27017'}  | {_id: 2, host: 'mongo4:27017'}   | lacks member mongo3:27017
            no wait for the set       | length === 3                    | length >= 1                      | does not wait for a primary and three healthy members
            started, not healthy      | condition: service_healthy      | condition: service_started       | without condition service_healthy
            health on public port     | http://127.0.0.1:9000/q/health/ready | http://127.0.0.1:8083/q/health/ready | does not probe the management port
            readiness not followed    | GATEWAY_UPSTREAMS_CART_MANAGEMENT_URL: http://cart-service:9000 | GATEWAY_UPSTREAMS_CART_MANAGEMENT_URL: http://cart-service:8083 | GATEWAY_UPSTREAMS_CART_MANAGEMENT_URL is http://cart-service:8083
            missing Dockerfile        | dockerfile: src/main/docker/Dockerfile.jvm | dockerfile: Dockerfile | is not an existing src/main/docker/Dockerfile.jvm
            wrong upstream port       | GATEWAY_UPSTREAMS_CART_URL: http://cart-service:8083 | GATEWAY_UPSTREAMS_CART_URL: http://cart-service:8080 | GATEWAY_UPSTREAMS_CART_URL is http://cart-service:8080
            gateway not published     | "8080:8080"                     | "9090:8080"                      | gateway: published ports [9090:8080]
            bad job duration          | CART_EXPIRY_EVERY: PT1M         | CART_EXPIRY_EVERY: 1m            | CART_EXPIRY_EVERY is not an ISO-8601 duration
            known cursor secret       | CATALOG_CURSOR_SECRET: ${CATALOG_CURSOR_SECRET:? | CATALOG_CURSOR_SECRET: change-me ${CATALOG_CURSOR_SECRET:? | CATALOG_CURSOR_SECRET is not required from the environment
            """)
    void aBrokenComposeFileIsReported(String what, String from, String to, String expected) throws IOException {
        String compose = compose();
        assertTrue(compose.contains(from), "docker-compose.yml no longer contains: " + from);
        List<String> problems = ComposeChecks.check(compose.replaceFirst(java.util.regex.Pattern.quote(from),
                java.util.regex.Matcher.quoteReplacement(to)), ROOT);
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), what + ": expected '" + expected + "' in " + problems);
    }

    @Test
    void aServiceWithoutHealthCheckOrARootDockerfileIsReported() throws IOException {
        // the cart service's health check is the one just before the gateway
        String compose = compose().replace("    healthcheck:\n      test: [\"CMD\", \"curl\", \"-fsS\", \"http://127.0.0.1:9000/q/health/ready\"]\n"
                + "      interval: 10s\n      timeout: 3s\n      retries: 12\n      start_period: 30s\n\n  gateway:", "\n  gateway:");
        assertTrue(ComposeChecks.check(compose, ROOT).contains("cart-service: no health check"),
                () -> String.valueOf(ComposeChecks.check(compose, ROOT)));
        String dockerfile = Files.readString(ROOT.resolve("gateway/src/main/docker/Dockerfile.jvm"))
                .replace("USER 185", "USER root").replace("openjdk-17-runtime", "openjdk-11-runtime")
                .replace("ENV JAVA_APP_JAR", "ENV JAVA_OPTS=\"-Xmx1g\"\nENV JAVA_APP_JAR")
                .replace("http://127.0.0.1:9000/q/health/ready", "http://127.0.0.1:8080/q/health/ready");
        List<String> problems = ComposeChecks.checkDockerfile("gateway", dockerfile);
        assertTrue(problems.contains("gateway: runs as root (USER root)"), problems::toString);
        assertTrue(problems.stream().anyMatch(p -> p.contains("is not a JRE 17 image")), problems::toString);
        assertTrue(problems.stream().anyMatch(p -> p.contains("sets JAVA_OPTS")), problems::toString);
        assertTrue(problems.stream().anyMatch(p -> p.contains("no HEALTHCHECK on the management port")), problems::toString);
    }
}

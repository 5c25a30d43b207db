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
            traces sent nowhere       | QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT: http://otel-collector:4317 | QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT: http://localhost:4317 | category-service: QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT is http://localhost:4317
            traces not exported       | QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT: http://otel-collector:4317 | OTEL_EXPORTER_OTLP_ENDPOINT: http://otel-collector:4317 | category-service: QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT is null
            collector not started     | otel-collector:\\n        condition: service_started | jaeger:\\n        condition: service_healthy | category-service: does not start the collector it exports to
            waiting for a check-less collector | condition: service_started | condition: service_healthy | depends on otel-collector with condition service_healthy, not service_started
            collector image unpinned  | otel/opentelemetry-collector-contrib:0.114.0 | otel/opentelemetry-collector-contrib:latest | image otel/opentelemetry-collector-contrib:latest is not otel/opentelemetry-collector(-contrib) at a pinned version
            jaeger image unpinned     | jaegertracing/all-in-one:1.63.0 | jaegertracing/all-in-one:1.63 | image jaegertracing/all-in-one:1.63 is not jaegertracing/all-in-one at a pinned version
            collector unhardened      | <<: *hardened\\n    image: otel/ | image: otel/ | otel-collector: not read_only with cap_drop ALL, no-new-privileges and a mem_limit
            another configuration     | ./k8s/tracing/otel-collector-config.yaml: | ./otel-collector.yaml: | otel-collector: does not mount k8s/tracing/otel-collector-config.yaml
            configuration not read    | --config=/etc/otelcol-contrib/config.yaml | --config=/etc/otelcol/config.yaml | does not read --config=/etc/otelcol-contrib/config.yaml
            a check the image cannot run | GOMEMLIMIT: 200MiB | GOMEMLIMIT: 200MiB\\n    healthcheck:\\n      test: ["CMD", "curl", "-f", "http://127.0.0.1:13133/"] | otel-collector: has a health check its image cannot run
            jaeger without OTLP       | COLLECTOR_OTLP_ENABLED: "true" | COLLECTOR_OTLP_ENABLED: "false" | jaeger: COLLECTOR_OTLP_ENABLED is not "true"
            jaeger UI not published   | "127.0.0.1:16686:16686"         | "127.0.0.1:16687:16686"          | jaeger: the UI (16686) is not published on the host
            jaeger checked elsewhere  | http://127.0.0.1:14269/         | http://127.0.0.1:16686/          | jaeger: the health check does not ask the admin port's health endpoint
            """)
    void aBrokenComposeFileIsReported(String what, String from, String to, String expected) throws IOException {
        String compose = compose();
        from = from.replace("\\n", "\n");
        to = to.replace("\\n", "\n");
        assertTrue(compose.contains(from), "docker-compose.yml no longer contains: " + from);
        List<String> problems = ComposeChecks.check(compose.replaceFirst(java.util.regex.Pattern.quote(from),
                java.util.regex.Matcher.quoteReplacement(to)), ROOT);
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), what + ": expected '" + expected + "' in " + problems);
    }

    static String collectorConfig() throws IOException {
        return Files.readString(ROOT.resolve(CollectorConfigChecks.FILE));
    }

    /** The collector's configuration (shared with k8s/tracing) receives OTLP from other containers and forwards it to jaeger. */
    @Test
    void theCollectorReceivesOtlpAndForwardsItToJaeger() throws IOException {
        assertEquals(List.of(), CollectorConfigChecks.check(collectorConfig(), "jaeger:4317"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            gRPC on localhost only    | endpoint: 0.0.0.0:4317          | endpoint: localhost:4317         | receives OTLP grpc on localhost:4317, not 0.0.0.0:4317
            HTTP on localhost only    | endpoint: 0.0.0.0:4318          | endpoint: 127.0.0.1:4318         | receives OTLP http on 127.0.0.1:4318, not 0.0.0.0:4318
            health on localhost only  | endpoint: 0.0.0.0:13133         | endpoint: localhost:13133        | health_check on localhost:13133, not 0.0.0.0:13133
            health not enabled        | extensions: [health_check]      | extensions: []                   | the health_check extension is not enabled
            exported elsewhere        | endpoint: jaeger:4317           | endpoint: jaeger:14250           | no OTLP exporter to jaeger:4317
            undefined exporter        | exporters: [otlp/jaeger]        | exporters: [otlp/tempo]          | names exporters otlp/tempo, which is not defined
            undefined processor       | processors: [memory_limiter, batch] | processors: [memory_limiter, batching] | names processors batching, which is not defined
            not received              | receivers: [otlp]               | receivers: [zipkin]              | no traces pipeline receiving from otlp
            TLS to plain gRPC         | insecure: true                  | insecure: false                  | otlp/jaeger: TLS to jaeger:4317
            """)
    void aBrokenCollectorConfigurationIsReported(String what, String from, String to, String expected) throws IOException {
        String config = collectorConfig();
        assertTrue(config.contains(from), CollectorConfigChecks.FILE + " no longer contains: " + from);
        List<String> problems = CollectorConfigChecks.check(config.replaceFirst(java.util.regex.Pattern.quote(from),
                java.util.regex.Matcher.quoteReplacement(to)), "jaeger:4317");
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

package com.example.shop.deployment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The OpenTelemetry Collector's configuration, k8s/tracing/otel-collector-config.yaml, which
 * docker-compose.yml mounts and k8s/tracing turns into a ConfigMap. Returns problems instead of
 * failing, so a broken configuration can be checked too.
 */
final class CollectorConfigChecks {

    /** The one configuration file of both deployments. */
    static final Path FILE = Path.of("k8s/tracing/otel-collector-config.yaml");

    /** Where the collector reads it (the contrib image's default path, named in its command). */
    static final String MOUNTED_AT = "/etc/otelcol-contrib/config.yaml";

    static final int OTLP_GRPC = 4317;
    static final int OTLP_HTTP = 4318;
    static final int HEALTH = 13133;

    private CollectorConfigChecks() {
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map ? (Map<String, Object>) value : Map.of();
    }

    private static Object at(Map<String, Object> root, String... path) {
        Object node = root;
        for (String key : path) {
            node = map(node).get(key);
        }
        return node;
    }

    private static List<String> names(Object value) {
        return value instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }

    /**
     * OTLP received on every interface (gRPC 4317, HTTP 4318: the collector's default since 0.104
     * is localhost, which no other container or pod can reach), the health_check extension on
     * 0.0.0.0:13133 and enabled (the Kubernetes probes use it), and a traces pipeline from the otlp
     * receiver through defined processors to an OTLP exporter whose endpoint is {@code exportTo}
     * (host:port of Jaeger's OTLP gRPC receiver), in plain gRPC.
     */
    static List<String> check(String yaml, String exportTo) {
        List<String> problems = new ArrayList<>();
        Map<String, Object> config = ComposeChecks.load(yaml);
        for (Object[] protocol : List.of(new Object[] {"grpc", OTLP_GRPC}, new Object[] {"http", OTLP_HTTP})) {
            Object endpoint = at(config, "receivers", "otlp", "protocols", (String) protocol[0], "endpoint");
            if (!("0.0.0.0:" + protocol[1]).equals(endpoint)) {
                problems.add("receives OTLP " + protocol[0] + " on " + endpoint + ", not 0.0.0.0:" + protocol[1]);
            }
        }
        Object health = at(config, "extensions", "health_check", "endpoint");
        if (!("0.0.0.0:" + HEALTH).equals(health)) {
            problems.add("health_check on " + health + ", not 0.0.0.0:" + HEALTH);
        }
        if (!names(at(config, "service", "extensions")).contains("health_check")) {
            problems.add("the health_check extension is not enabled in service.extensions");
        }
        Map<String, Object> traces = map(at(config, "service", "pipelines", "traces"));
        if (!names(traces.get("receivers")).contains("otlp")) {
            problems.add("no traces pipeline receiving from otlp");
        }
        for (String kind : List.of("receivers", "processors", "exporters")) {
            for (String name : names(traces.get(kind))) {
                if (!map(config.get(kind)).containsKey(name)) {
                    problems.add("the traces pipeline names " + kind + " " + name + ", which is not defined");
                }
            }
        }
        List<String> toJaeger = names(traces.get("exporters")).stream()
                .filter(e -> e.equals("otlp") || e.startsWith("otlp/"))
                .filter(e -> Objects.equals(exportTo, at(config, "exporters", e, "endpoint"))).toList();
        if (toJaeger.isEmpty()) {
            problems.add("the traces pipeline exports to " + names(traces.get("exporters")).stream()
                    .map(e -> e + " " + at(config, "exporters", e, "endpoint")).toList() + ", no OTLP exporter to " + exportTo);
        }
        for (String exporter : toJaeger) {
            if (!Boolean.TRUE.equals(at(config, "exporters", exporter, "tls", "insecure"))) {
                problems.add(exporter + ": TLS to " + exportTo + ", whose OTLP receiver speaks plain gRPC (tls.insecure: true)");
            }
        }
        return problems;
    }
}

package com.example.shop.deployment;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Structure of docker-compose.yml (read with SnakeYAML, which resolves the {@code <<} merge keys the
 * file uses). Returns problems instead of failing, so a broken file can be checked too.
 */
final class ComposeChecks {

    /** compose service / module → port, database (null: none), upstream env → service it must name. */
    record App(int port, String database, Map<String, String> upstreams) {
    }

    static final Map<String, App> APPS = Map.of(
            "catalog-service", new App(8081, "catalog", Map.of("QUARKUS_REST_CLIENT_CATEGORY_SERVICE_URL", "category-service")),
            "category-service", new App(8082, "categories", Map.of()),
            "cart-service", new App(8083, "cart", Map.of("QUARKUS_REST_CLIENT_CATALOG_SERVICE_URL", "catalog-service")),
            "gateway", new App(8080, null, Map.of("GATEWAY_UPSTREAMS_CATALOG_URL", "catalog-service",
                    "GATEWAY_UPSTREAMS_CATEGORY_URL", "category-service", "GATEWAY_UPSTREAMS_CART_URL", "cart-service")));

    static final List<String> CART_JOBS = List.of("CART_EXPIRY_INACTIVE_AFTER", "CART_EXPIRY_EVERY",
            "CART_CLEANUP_OLDER_THAN", "CART_CLEANUP_EVERY");

    private ComposeChecks() {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> load(String yaml) {
        Object root = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
        return root instanceof Map ? (Map<String, Object>) root : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map ? (Map<String, Object>) value : Map.of();
    }

    private static List<Object> list(Object value) {
        return value instanceof List<?> l ? new ArrayList<>(l) : List.of();
    }

    /** environment as a map, whether written as a mapping or as KEY=VALUE items. */
    static Map<String, String> environment(Map<String, Object> service) {
        Map<String, String> env = new LinkedHashMap<>();
        Object raw = service.get("environment");
        if (raw instanceof Map<?, ?> m) {
            m.forEach((k, v) -> env.put(String.valueOf(k), v == null ? null : String.valueOf(v)));
        } else {
            for (Object item : list(raw)) {
                String s = String.valueOf(item);
                int eq = s.indexOf('=');
                env.put(eq < 0 ? s : s.substring(0, eq), eq < 0 ? null : s.substring(eq + 1));
            }
        }
        return env;
    }

    /** The replica set's members, as compose services; the first initiates the set. */
    static final List<String> MEMBERS = List.of("mongo1", "mongo2", "mongo3");

    /** The port of every service's management interface (prod profile): /q/health, /q/metrics, /q/openapi. */
    static final int MANAGEMENT_PORT = 9000;

    /** The tracing services: the collector the apps export to, and the trace viewer it forwards to. */
    static final String COLLECTOR = "otel-collector";
    static final String JAEGER = "jaeger";

    /** What every app exports its spans to (OTLP gRPC): the collector. */
    static final String OTLP_ENDPOINT = "http://" + COLLECTOR + ":" + CollectorConfigChecks.OTLP_GRPC;

    /**
     * Services whose image holds nothing that could run a health check: the collector's is
     * distroless (its binary only, no shell, no curl or wget). They have none, and are depended on
     * with service_started, since a service_healthy condition on them would never be met.
     */
    static final Set<String> WITHOUT_HEALTH_CHECK = Set.of(COLLECTOR);

    /** A released version, not a moving tag (latest, 1, 1.63): what runs is what was checked. */
    private static final String PINNED = ":\\d+\\.\\d+\\.\\d+";

    static List<String> check(String yaml, Path repoRoot) {
        List<String> problems = new ArrayList<>();
        Map<String, Object> services = map(load(yaml).get("services"));
        Set<String> expected = new HashSet<>(APPS.keySet());
        expected.addAll(MEMBERS);
        expected.addAll(List.of(COLLECTOR, JAEGER));
        if (!services.keySet().containsAll(expected)) {
            problems.add("services " + services.keySet() + " lack some of " + expected);
        }
        // MongoDB: version 7, a three-member replica set initiated by the first member's health
        // check, which is healthy only when the set has a primary and three healthy members
        String replicaSet = null;
        for (String member : MEMBERS) {
            Map<String, Object> mongo = map(services.get(member));
            if (!String.valueOf(mongo.get("image")).startsWith("mongo:7")) {
                problems.add(member + ": image " + mongo.get("image") + " is not mongo:7");
            }
            List<Object> command = list(mongo.get("command"));
            int replSet = command.indexOf("--replSet");
            if (replSet < 0 || replSet + 1 >= command.size()) {
                problems.add(member + ": command " + command + " starts no replica set (--replSet)");
            } else if (replicaSet == null) {
                replicaSet = String.valueOf(command.get(replSet + 1));
            } else if (!replicaSet.equals(command.get(replSet + 1))) {
                problems.add(member + ": replica set " + command.get(replSet + 1) + ", not " + replicaSet);
            }
            if (list(mongo.get("volumes")).stream().noneMatch(v -> String.valueOf(v).endsWith(":/data/db"))) {
                problems.add(member + ": /data/db is not on a volume");
            }
        }
        String mongoCheck = String.valueOf(map(map(services.get(MEMBERS.get(0))).get("healthcheck")).get("test"));
        if (!mongoCheck.contains("rs.initiate") || replicaSet != null && !mongoCheck.contains("'" + replicaSet + "'")) {
            problems.add(MEMBERS.get(0) + ": the health check does not initiate replica set " + replicaSet);
        }
        for (String member : MEMBERS) {
            if (!mongoCheck.contains("host: '" + member + ":27017'")) {
                problems.add(MEMBERS.get(0) + ": the replica set it initiates lacks member " + member + ":27017");
            }
        }
        if (!mongoCheck.contains("PRIMARY") || !mongoCheck.contains("SECONDARY") || !mongoCheck.contains("=== 3")) {
            problems.add(MEMBERS.get(0) + ": the health check does not wait for a primary and three healthy members");
        }
        for (String member : MEMBERS.subList(1, MEMBERS.size())) {
            if (!map(map(services.get(MEMBERS.get(0))).get("depends_on")).containsKey(member)) {
                problems.add(MEMBERS.get(0) + ": initiates the set without waiting for " + member);
            }
        }
        Set<String> databases = new HashSet<>();
        for (Map.Entry<String, Object> entry : services.entrySet()) {
            String name = entry.getKey();
            Map<String, Object> service = map(entry.getValue());
            Map<String, Object> healthcheck = map(service.get("healthcheck"));
            boolean noHealthCheck = healthcheck.isEmpty() || healthcheck.get("test") == null
                    || Boolean.TRUE.equals(healthcheck.get("disable"));
            if (WITHOUT_HEALTH_CHECK.contains(name)) {
                if (!noHealthCheck) {
                    problems.add(name + ": has a health check its image cannot run (no shell, no HTTP client)");
                }
            } else if (noHealthCheck) {
                problems.add(name + ": no health check");
            }
            Map<String, Object> dependsOn = map(service.get("depends_on"));
            if (service.get("depends_on") instanceof List) {
                problems.add(name + ": depends_on is a list (no condition): use service_healthy conditions");
            }
            dependsOn.forEach((dependency, spec) -> {
                if (!services.containsKey(dependency)) {
                    problems.add(name + ": depends on unknown service " + dependency);
                }
                Object condition = map(spec).get("condition");
                if (WITHOUT_HEALTH_CHECK.contains(dependency)) {
                    if (!"service_started".equals(condition)) {
                        problems.add(name + ": depends on " + dependency + " with condition " + condition
                                + ", not service_started (it has no health check to become healthy by)");
                    }
                } else if (!"service_healthy".equals(condition)) {
                    problems.add(name + ": depends on " + dependency + " without condition service_healthy");
                }
            });
            App app = APPS.get(name);
            if (app == null) {
                continue;
            }
            Map<String, Object> build = map(service.get("build"));
            Path context = repoRoot.resolve(String.valueOf(build.get("context"))).normalize();
            if (!context.equals(repoRoot.resolve(name).normalize())) {
                problems.add(name + ": build context " + build.get("context") + " is not ./" + name);
            }
            Path dockerfile = context.resolve(String.valueOf(build.get("dockerfile")));
            if (!"src/main/docker/Dockerfile.jvm".equals(build.get("dockerfile")) || !Files.isRegularFile(dockerfile)) {
                problems.add(name + ": dockerfile " + build.get("dockerfile") + " is not an existing src/main/docker/Dockerfile.jvm");
            }
            String check = String.valueOf(healthcheck.get("test"));
            if (!check.contains(":" + MANAGEMENT_PORT + "/q/health/ready")) {
                problems.add(name + ": health check " + check + " does not probe the management port :"
                        + MANAGEMENT_PORT + "/q/health/ready");
            }
            List<String> published = list(service.get("ports")).stream().map(String::valueOf).toList();
            if (name.equals("gateway") ? !published.contains("8080:8080") : !published.isEmpty()) {
                problems.add(name + ": published ports " + published + " (only the gateway, on 8080:8080)");
            }
            Map<String, String> env = environment(service);
            if (!"file:/etc/shop/jwt/public.pem".equals(env.get("MP_JWT_VERIFY_PUBLICKEY_LOCATION"))
                    || list(service.get("volumes")).stream().noneMatch(v -> String.valueOf(v).contains(":/etc/shop/jwt/public.pem"))) {
                problems.add(name + ": the JWT public key is not mounted at /etc/shop/jwt/public.pem and configured");
            }
            if (env.containsKey("JAVA_OPTS")) {
                problems.add(name + ": sets JAVA_OPTS, which disables the image's container-aware JVM options");
            }
            if (env.get("MP_JWT_VERIFY_ISSUER") == null) {
                problems.add(name + ": no MP_JWT_VERIFY_ISSUER");
            }
            if (!OTLP_ENDPOINT.equals(env.get("QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT"))) {
                problems.add(name + ": QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT is " + env.get("QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT")
                        + ", not " + OTLP_ENDPOINT + " (its traces would go nowhere)");
            }
            if (!dependsOn.containsKey(COLLECTOR)) {
                problems.add(name + ": does not start the collector it exports to (depends_on " + COLLECTOR + ")");
            }
            String uri = env.get("QUARKUS_MONGODB_CONNECTION_STRING");
            if (app.database() == null) {
                if (uri != null) {
                    problems.add(name + ": has a MongoDB URI but owns no database");
                }
            } else {
                if (!dependsOn.containsKey(MEMBERS.get(0))) {
                    problems.add(name + ": does not wait for a healthy replica set (" + MEMBERS.get(0) + ")");
                }
                String expectedUri = "mongodb://" + String.join(",", MEMBERS.stream().map(m -> m + ":27017").toList())
                        + "/" + app.database() + "?replicaSet=" + replicaSet;
                if (!expectedUri.equals(uri)) {
                    problems.add(name + ": MongoDB URI " + uri + " is not " + expectedUri);
                } else if (!databases.add(app.database())) {
                    problems.add(name + ": shares database " + app.database());
                }
            }
            app.upstreams().forEach((variable, upstream) -> {
                String expectedUrl = "http://" + upstream + ":" + APPS.get(upstream).port();
                if (!expectedUrl.equals(env.get(variable))) {
                    problems.add(name + ": " + variable + " is " + env.get(variable) + ", not " + expectedUrl);
                }
                if (name.equals("gateway")) {
                    // the gateway probes readiness and fetches API documents on the services' management ports
                    String managementVariable = variable.replace("_URL", "_MANAGEMENT_URL");
                    String managementUrl = "http://" + upstream + ":" + MANAGEMENT_PORT;
                    if (!managementUrl.equals(env.get(managementVariable))) {
                        problems.add(name + ": " + managementVariable + " is " + env.get(managementVariable) + ", not " + managementUrl);
                    }
                }
                if (!dependsOn.containsKey(upstream)) {
                    problems.add(name + ": does not wait for its upstream " + upstream);
                }
            });
            if (name.equals("catalog-service")
                    && !String.valueOf(env.get("CATALOG_CURSOR_SECRET")).startsWith("${CATALOG_CURSOR_SECRET:?")) {
                // the catalog does not start without it in prod, and a value written here would be a known key
                problems.add(name + ": CATALOG_CURSOR_SECRET is not required from the environment (${CATALOG_CURSOR_SECRET:?...})");
            }
            if (name.equals("cart-service")) {
                for (String job : CART_JOBS) {
                    try {
                        java.time.Duration.parse(Objects.requireNonNull(env.get(job), job + " missing"));
                    } catch (RuntimeException e) {
                        problems.add(name + ": " + job + " is not an ISO-8601 duration: " + env.get(job));
                    }
                }
            }
            if (!Boolean.TRUE.equals(service.get("read_only")) || !list(service.get("cap_drop")).contains("ALL")) {
                problems.add(name + ": not read_only with cap_drop ALL");
            }
        }
        problems.addAll(tracing(services, repoRoot));
        return problems;
    }

    /**
     * The collector and Jaeger: pinned images, hardened like the apps, the collector reading the
     * repository's configuration (which forwards to the jaeger service) and waiting for a healthy
     * Jaeger, whose UI is published and whose OTLP receiver is on.
     */
    private static List<String> tracing(Map<String, Object> services, Path repoRoot) {
        List<String> problems = new ArrayList<>();
        Map<String, Object> collector = map(services.get(COLLECTOR));
        Map<String, Object> jaeger = map(services.get(JAEGER));
        String collectorImage = String.valueOf(collector.get("image"));
        if (!collectorImage.matches("otel/opentelemetry-collector(-contrib)?" + PINNED)) {
            problems.add(COLLECTOR + ": image " + collectorImage + " is not otel/opentelemetry-collector(-contrib) at a pinned version");
        }
        String jaegerImage = String.valueOf(jaeger.get("image"));
        if (!jaegerImage.matches("jaegertracing/all-in-one" + PINNED)) {
            problems.add(JAEGER + ": image " + jaegerImage + " is not jaegertracing/all-in-one at a pinned version");
        }
        for (String name : List.of(COLLECTOR, JAEGER)) {
            Map<String, Object> service = map(services.get(name));
            if (!Boolean.TRUE.equals(service.get("read_only")) || !list(service.get("cap_drop")).contains("ALL")
                    || !list(service.get("security_opt")).contains("no-new-privileges:true") || service.get("mem_limit") == null) {
                problems.add(name + ": not read_only with cap_drop ALL, no-new-privileges and a mem_limit");
            }
        }
        // the configuration: a file of the repository, mounted where the command reads it
        String mount = list(collector.get("volumes")).stream().map(String::valueOf)
                .filter(v -> v.contains(":" + CollectorConfigChecks.MOUNTED_AT)).findFirst().orElse(null);
        Path file = mount == null ? null : repoRoot.resolve(mount.substring(0, mount.indexOf(':'))).normalize();
        if (file == null || !file.equals(repoRoot.resolve(CollectorConfigChecks.FILE).normalize()) || !Files.isRegularFile(file)) {
            problems.add(COLLECTOR + ": does not mount " + CollectorConfigChecks.FILE + " at " + CollectorConfigChecks.MOUNTED_AT
                    + " (" + mount + ")");
        } else {
            try {
                CollectorConfigChecks.check(Files.readString(file), JAEGER + ":" + CollectorConfigChecks.OTLP_GRPC)
                        .forEach(p -> problems.add(COLLECTOR + " configuration " + CollectorConfigChecks.FILE + ": " + p));
            } catch (java.io.IOException e) {
                problems.add(COLLECTOR + ": cannot read " + file + ": " + e);
            }
        }
        if (!list(collector.get("command")).contains("--config=" + CollectorConfigChecks.MOUNTED_AT)) {
            problems.add(COLLECTOR + ": command " + collector.get("command") + " does not read --config=" + CollectorConfigChecks.MOUNTED_AT);
        }
        if (!map(collector.get("depends_on")).containsKey(JAEGER)) {
            problems.add(COLLECTOR + ": does not wait for " + JAEGER);
        }
        // Jaeger: OTLP on, its admin port's health endpoint checked, the UI on the host
        if (!"true".equals(environment(jaeger).get("COLLECTOR_OTLP_ENABLED"))) {
            problems.add(JAEGER + ": COLLECTOR_OTLP_ENABLED is not \"true\"");
        }
        if (!String.valueOf(map(jaeger.get("healthcheck")).get("test")).contains(":14269/")) {
            problems.add(JAEGER + ": the health check does not ask the admin port's health endpoint (:14269/)");
        }
        if (list(jaeger.get("ports")).stream().map(String::valueOf).noneMatch(p -> p.endsWith("16686:16686"))) {
            problems.add(JAEGER + ": the UI (16686) is not published on the host");
        }
        return problems;
    }

    /** The image of the last FROM, with an ARG default substituted. */
    static String baseImage(String dockerfile) {
        var from = java.util.regex.Pattern.compile("(?m)^FROM\\s+(\\S+)").matcher(dockerfile);
        String image = null;
        while (from.find()) {
            image = from.group(1);
        }
        if (image != null && image.startsWith("${") && image.endsWith("}")) {
            String arg = image.substring(2, image.length() - 1);
            var def = java.util.regex.Pattern.compile("(?m)^ARG\\s+" + java.util.regex.Pattern.quote(arg) + "=(\\S+)").matcher(dockerfile);
            image = def.find() ? def.group(1) : null;
        }
        return image;
    }

    /** A module's Dockerfile.jvm: JRE 17 base, the fast-jar, a non-root user, its port, a health check. */
    static List<String> checkDockerfile(String module, String dockerfile) {
        List<String> problems = new ArrayList<>();
        int port = APPS.get(module).port();
        String base = baseImage(dockerfile);
        if (base == null || !(base.contains("openjdk-17") || base.contains(":17-jre") || base.contains("jre17"))) {
            problems.add(module + ": base image " + base + " is not a JRE 17 image");
        }
        for (String layer : List.of("target/quarkus-app/lib/", "target/quarkus-app/*.jar", "target/quarkus-app/app/",
                "target/quarkus-app/quarkus/")) {
            if (!dockerfile.contains("COPY --chown=185:0 " + layer)) {
                problems.add(module + ": does not copy " + layer);
            }
        }
        var user = java.util.regex.Pattern.compile("(?m)^USER (\\S+)").matcher(dockerfile);
        String lastUser = null;
        while (user.find()) {
            lastUser = user.group(1);
        }
        if (lastUser == null || lastUser.equals("root") || lastUser.equals("0") || lastUser.startsWith("0:")) {
            problems.add(module + ": runs as root (USER " + lastUser + ")");
        }
        if (!dockerfile.matches("(?s).*\\nEXPOSE " + port + "\\b.*")) {
            problems.add(module + ": does not EXPOSE " + port);
        }
        if (java.util.regex.Pattern.compile("(?m)^ENV\\s+JAVA_OPTS[= ]").matcher(dockerfile).find()) {
            problems.add(module + ": sets JAVA_OPTS, which disables run-java.sh's container-aware options");
        }
        if (!dockerfile.contains("JAVA_MAX_MEM_RATIO") && !dockerfile.contains("MaxRAMPercentage")) {
            problems.add(module + ": no container-aware heap setting");
        }
        if (!dockerfile.contains("HEALTHCHECK") || !dockerfile.contains(":" + MANAGEMENT_PORT + "/q/health/ready")) {
            problems.add(module + ": no HEALTHCHECK on the management port :" + MANAGEMENT_PORT + "/q/health/ready");
        }
        if (!dockerfile.matches("(?s).*\\nEXPOSE " + MANAGEMENT_PORT + "\\b.*")) {
            problems.add(module + ": does not EXPOSE the management port " + MANAGEMENT_PORT);
        }
        return problems;
    }
}

package com.example.shop.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Renders k8s/overlays/{dev,prod,sharded,traced} with `kubectl kustomize` and checks what would be applied. */
class KustomizeOverlaysTest {

    /** service → (port, database or null) */
    static final Map<String, Object[]> SERVICES = Map.of(
            "catalog-service", new Object[] {8081, "catalog"},
            "category-service", new Object[] {8082, "categories"},
            "cart-service", new Object[] {8083, "cart"},
            "gateway", new Object[] {8080, null});

    static final Map<String, Set<String>> REQUIRED_ENV = Map.of(
            "catalog-service", Set.of("QUARKUS_MONGODB_CONNECTION_STRING", "MP_JWT_VERIFY_PUBLICKEY_LOCATION",
                    "MP_JWT_VERIFY_ISSUER", "QUARKUS_REST_CLIENT_CATEGORY_SERVICE_URL", "CATALOG_CURSOR_SECRET",
                    "CATALOG_AVAILABILITY_SECRET"),
            "category-service", Set.of("QUARKUS_MONGODB_CONNECTION_STRING", "MP_JWT_VERIFY_PUBLICKEY_LOCATION",
                    "MP_JWT_VERIFY_ISSUER"),
            "cart-service", Set.of("QUARKUS_MONGODB_CONNECTION_STRING", "MP_JWT_VERIFY_PUBLICKEY_LOCATION",
                    "MP_JWT_VERIFY_ISSUER", "QUARKUS_REST_CLIENT_CATALOG_SERVICE_URL", "CART_EXPIRY_INACTIVE_AFTER",
                    "CART_EXPIRY_EVERY", "CART_CLEANUP_OLDER_THAN", "CART_CLEANUP_EVERY",
                    "CART_AVAILABILITY_CATALOG_SECRET"),
            "gateway", Set.of("MP_JWT_VERIFY_PUBLICKEY_LOCATION", "MP_JWT_VERIFY_ISSUER",
                    "GATEWAY_UPSTREAMS_CATALOG_URL", "GATEWAY_UPSTREAMS_CATEGORY_URL", "GATEWAY_UPSTREAMS_CART_URL"));

    private static final Map<String, ManifestValidator.Result> VALIDATED = new java.util.concurrent.ConcurrentHashMap<>();

    /** The overlay's objects, rendered and schema-validated once per run (each test still checks the problems). */
    static List<HasMetadata> render(String overlay) {
        ManifestValidator.Result result = VALIDATED.computeIfAbsent(overlay, o -> new ManifestValidator()
                .validate(Kubectl.kustomize(RepoRoot.get().resolve("k8s/overlays/" + o))));
        assertEquals(List.of(), result.problems(), "schema problems in overlay " + overlay);
        return result.objects();
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void everyRenderedObjectMatchesTheKubernetesSchema(String overlay) {
        List<HasMetadata> objects = render(overlay);
        Map<String, Long> kinds = objects.stream().collect(Collectors.groupingBy(HasMetadata::getKind, Collectors.counting()));
        assertEquals(4L, kinds.get("Deployment"), "Deployments " + kinds);
        assertEquals(4L, kinds.get("HorizontalPodAutoscaler"), "HPAs " + kinds);
        assertEquals(1L, kinds.get("StatefulSet"), "StatefulSets " + kinds);
        assertEquals(1L, kinds.get("Ingress"), "Ingresses " + kinds);
        assertTrue(kinds.get("PodDisruptionBudget") >= 4, "PDBs " + kinds);
        assertTrue(kinds.get("Service") >= 5, "Services " + kinds);
        assertTrue(kinds.containsKey("ConfigMap") && kinds.containsKey("Secret"), "config " + kinds);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "sharded", "traced"})
    void crossObjectRulesHold(String overlay) {
        List<HasMetadata> objects = render(overlay);
        assertEquals(List.of(), ClusterChecks.hardenedWorkloads(objects), "hardening");
        assertEquals(List.of(), ClusterChecks.healthProbes(objects), "probes");
        assertEquals(List.of(), ClusterChecks.selectorsMatchTemplates(objects), "selectors");
        assertEquals(List.of(), ClusterChecks.servicesSelectPods(objects), "services");
        assertEquals(List.of(), ClusterChecks.referencedConfigExists(objects), "ConfigMap/Secret references");
        assertEquals(List.of(), ClusterChecks.autoscalingAndBudgets(objects), "HPA/PDB");
        assertEquals(List.of(), ClusterChecks.ingressRoutes(objects), "Ingress");
        assertEquals(List.of(), ClusterChecks.statefulSetsHaveHeadlessServices(objects), "StatefulSet");
        assertEquals(List.of(), ClusterChecks.oneNamespace(objects), "namespace");
        assertEquals(List.of(), ClusterChecks.managementInterface(objects), "management interface");
    }

    /** The management-interface rule can fail: probes, scraping or the gateway's management URL on the public port. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
            probe on the public port        | path: /q/health/ready\\n            port: management | path: /q/health/ready\\n            port: http | readiness probe is not on the management port (http)
            scraping the public port        | prometheus.io/port: "9000" | prometheus.io/port: "8081" | Prometheus scrapes port 8081
            gateway probing the public port | catalog-service-management-url: http://catalog-service:9000 | catalog-service-management-url: http://catalog-service:8081 | GATEWAY_UPSTREAMS_CATALOG_MANAGEMENT_URL = http://catalog-service:8081
            no management port              | containerPort: 9000\\n          name: management | containerPort: 9000\\n          name: admin | no container port
            """)
    void aServiceOperatedOnItsPublicPortIsReported(String what, String from, String to, String expected) {
        String yaml = Kubectl.kustomize(RepoRoot.get().resolve("k8s/overlays/prod"));
        String f = from.replace("\\n", "\n");
        assertTrue(yaml.contains(f), "the rendered prod overlay no longer contains: " + f);
        List<String> problems = ClusterChecks.managementInterface(new ManifestValidator()
                .validate(yaml.replaceFirst(java.util.regex.Pattern.quote(f),
                        java.util.regex.Matcher.quoteReplacement(to.replace("\\n", "\n")))).objects());
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), what + ": expected '" + expected + "' in " + problems);
    }

    /**
     * The sharded variant (overlays/sharded): prod without the in-cluster replica set, the services
     * on the mongos (URIs without replicaSet, which the driver refuses for a mongos), and the Job
     * that runs the sharding script from a ConfigMap holding exactly k8s/sharding/shard-collections.js.
     */
    @Test
    void theShardedOverlayUsesTheMongosAndShardsTheCollectionsWithAJob() throws java.io.IOException {
        List<HasMetadata> objects = render("sharded");
        assertTrue(Workloads.ofKind(objects, StatefulSet.class).isEmpty(), "no in-cluster replica set");
        assertTrue(objects.stream().noneMatch(o -> o.getMetadata().getName().startsWith("shop-mongodb")
                && !(o instanceof Secret)), "nothing of the replica set is left but the URIs' Secret");
        assertEquals(4, Workloads.ofKind(objects, Deployment.class).size());
        for (var entry : SERVICES.entrySet()) {
            String database = (String) entry.getValue()[1];
            if (database == null) {
                continue;
            }
            Container c = find(objects, Deployment.class, entry.getKey()).getSpec().getTemplate().getSpec().getContainers().get(0);
            var ref = c.getEnv().stream().filter(e -> e.getName().equals("QUARKUS_MONGODB_CONNECTION_STRING")).findFirst()
                    .orElseThrow().getValueFrom().getSecretKeyRef();
            assertMongosUri(secretValue(objects, ref.getName(), ref.getKey()), database);
        }
        Job job = Workloads.ofKind(objects, Job.class).stream()
                .filter(j -> j.getMetadata().getName().equals("shop-shard-collections")).findFirst().orElseThrow();
        Container shard = job.getSpec().getTemplate().getSpec().getContainers().get(0);
        String command = String.join(" ", shard.getCommand());
        assertTrue(command.contains("mongosh") && command.contains("$MONGOS_URI") && command.contains("WAIT_SECONDS")
                && command.contains("/scripts/shard-collections.js"), command);
        var mongos = shard.getEnv().stream().filter(e -> e.getName().equals("MONGOS_URI")).findFirst().orElseThrow()
                .getValueFrom().getSecretKeyRef();
        assertMongosUri(secretValue(objects, mongos.getName(), mongos.getKey()), "admin");
        String configMap = job.getSpec().getTemplate().getSpec().getVolumes().stream()
                .filter(v -> v.getConfigMap() != null).findFirst().orElseThrow().getConfigMap().getName();
        String script = Workloads.ofKind(objects, ConfigMap.class).stream()
                .filter(m -> m.getMetadata().getName().equals(configMap)).findFirst().orElseThrow()
                .getData().get("shard-collections.js");
        assertEquals(java.nio.file.Files.readString(ShardingScriptTest.SCRIPT), script, "the Job runs the script of the repository");
    }

    /** The OTLP endpoint the traced overlay gives every service: the collector's Service, gRPC. */
    static final String OTLP_ENDPOINT = "http://otel-collector:4317";

    /**
     * The traced variant (overlays/traced): dev plus k8s/tracing. Every service exports to the
     * collector's Service, which reaches the collector's OTLP gRPC port; the collector runs the
     * repository's configuration (k8s/tracing/otel-collector-config.yaml, mounted where its command
     * reads it), which forwards to a Service `jaeger` reaching Jaeger's OTLP port; both are pinned,
     * probed on their HTTP health endpoints (the collector's health_check extension, Jaeger's admin
     * port), and Jaeger runs once, recreated rather than rolled (its traces are in memory).
     */
    @Test
    void theTracedOverlayExportsEveryServiceThroughTheCollectorToJaeger() throws java.io.IOException {
        List<HasMetadata> objects = render("traced");
        Map<String, Deployment> deployments = Workloads.ofKind(objects, Deployment.class).stream()
                .collect(Collectors.toMap(d -> d.getMetadata().getName(), d -> d));
        Set<String> expected = new java.util.HashSet<>(SERVICES.keySet());
        expected.addAll(Set.of("otel-collector", "jaeger"));
        assertEquals(expected, deployments.keySet());
        assertEquals("shop-dev", deployments.get("jaeger").getMetadata().getNamespace(), "dev plus tracing");
        for (String name : SERVICES.keySet()) {
            Container c = deployments.get(name).getSpec().getTemplate().getSpec().getContainers().get(0);
            EnvVar endpoint = c.getEnv().stream().filter(e -> e.getName().equals("QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT"))
                    .findFirst().orElseThrow(() -> new AssertionError(name + " has no QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT"));
            assertEquals(OTLP_ENDPOINT, ClusterChecks.envValue(objects, endpoint), name + " exports to the collector");
        }
        Container collector = deployments.get("otel-collector").getSpec().getTemplate().getSpec().getContainers().get(0);
        Container jaeger = deployments.get("jaeger").getSpec().getTemplate().getSpec().getContainers().get(0);
        assertReaches(objects, URI.create(OTLP_ENDPOINT), collector, "the services' endpoint");
        assertTrue(collector.getImage().matches("otel/opentelemetry-collector(-contrib)?:\\d+\\.\\d+\\.\\d+"), collector.getImage());
        assertTrue(jaeger.getImage().matches("jaegertracing/all-in-one:\\d+\\.\\d+\\.\\d+"), jaeger.getImage());

        // the collector reads the repository's configuration, which forwards to the jaeger Service
        String mountedAt = CollectorConfigChecks.MOUNTED_AT;
        assertEquals(List.of("--config=" + mountedAt), collector.getArgs());
        var mount = collector.getVolumeMounts().stream().filter(m -> mountedAt.startsWith(m.getMountPath() + "/"))
                .findFirst().orElseThrow(() -> new AssertionError("nothing mounted at " + mountedAt));
        var volume = deployments.get("otel-collector").getSpec().getTemplate().getSpec().getVolumes().stream()
                .filter(v -> v.getName().equals(mount.getName())).findFirst().orElseThrow().getConfigMap();
        String key = volume.getItems().stream().filter(i -> mountedAt.equals(mount.getMountPath() + "/" + i.getPath()))
                .findFirst().orElseThrow().getKey();
        String config = Workloads.ofKind(objects, ConfigMap.class).stream()
                .filter(m -> m.getMetadata().getName().equals(volume.getName())).findFirst().orElseThrow().getData().get(key);
        assertEquals(java.nio.file.Files.readString(RepoRoot.get().resolve(CollectorConfigChecks.FILE)), config,
                "the collector runs the configuration of the repository");
        assertEquals(List.of(), CollectorConfigChecks.check(config, "jaeger:" + CollectorConfigChecks.OTLP_GRPC));
        assertReaches(objects, URI.create("http://jaeger:" + CollectorConfigChecks.OTLP_GRPC), jaeger, "the collector's exporter");
        assertReaches(objects, URI.create("http://jaeger:16686"), jaeger, "the UI (kubectl port-forward service/jaeger)");

        // probes on the HTTP health endpoints
        for (var probe : List.of(collector.getLivenessProbe(), collector.getReadinessProbe())) {
            assertEquals("/", probe.getHttpGet().getPath());
            assertEquals(CollectorConfigChecks.HEALTH, containerPort(collector, probe.getHttpGet().getPort()), "health_check extension");
        }
        for (var probe : List.of(jaeger.getLivenessProbe(), jaeger.getReadinessProbe())) {
            assertEquals("/", probe.getHttpGet().getPath());
            assertEquals(14269, containerPort(jaeger, probe.getHttpGet().getPort()), "Jaeger's admin port");
        }
        Deployment jaegerDeployment = deployments.get("jaeger");
        assertEquals(1, jaegerDeployment.getSpec().getReplicas(), "one in-memory store");
        assertEquals("Recreate", jaegerDeployment.getSpec().getStrategy().getType());
        assertEquals("true", jaeger.getEnv().stream().filter(e -> e.getName().equals("COLLECTOR_OTLP_ENABLED"))
                .findFirst().orElseThrow().getValue());
        // infrastructure, labelled so, and held to the service rules nowhere else
        for (String name : List.of("otel-collector", "jaeger")) {
            assertTrue(!ClusterChecks.isPlatformService(deployments.get(name)), name + " is labelled as infrastructure");
        }
        assertTrue(SERVICES.keySet().stream().allMatch(s -> ClusterChecks.isPlatformService(deployments.get(s))));
    }

    /** The base sets no endpoint: dev, prod and sharded export nothing (the services read an absent, optional key). */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "sharded"})
    void withoutTheTracedOverlayNoServiceExportsTraces(String overlay) {
        List<HasMetadata> objects = render(overlay);
        assertTrue(Workloads.ofKind(objects, Deployment.class).stream()
                .noneMatch(d -> Set.of("otel-collector", "jaeger").contains(d.getMetadata().getName())), "no tracing infrastructure");
        for (String name : SERVICES.keySet()) {
            Container c = find(objects, Deployment.class, name).getSpec().getTemplate().getSpec().getContainers().get(0);
            for (EnvVar env : c.getEnv()) {
                if (env.getName().startsWith("QUARKUS_OTEL_") || env.getName().startsWith("OTEL_")) {
                    assertTrue(env.getValueFrom() != null && Boolean.TRUE.equals(env.getValueFrom().getConfigMapKeyRef().getOptional()),
                            name + " " + env.getName() + " is set unconditionally");
                    assertEquals(null, ClusterChecks.envValue(objects, env), name + " " + env.getName() + " is set in " + overlay);
                }
            }
        }
    }

    /**
     * The service rules cannot be escaped by a label: a service labelled as infrastructure is still
     * held to them (by its name), and the collector without its label is held to them too.
     */
    @Test
    void theServiceRulesApplyToAServiceWhateverItsLabels() {
        List<HasMetadata> objects = new java.util.ArrayList<>(new ManifestValidator()
                .validate(Kubectl.kustomize(RepoRoot.get().resolve("k8s/overlays/traced"))).objects());
        Deployment gateway = find(objects, Deployment.class, "gateway");
        gateway.getMetadata().getLabels().put(ClusterChecks.PART_OF, "shop-tracing");
        objects.removeIf(o -> o instanceof HorizontalPodAutoscaler && o.getMetadata().getName().equals("gateway"));
        gateway.getSpec().getTemplate().getSpec().getContainers().get(0).getLivenessProbe().getHttpGet().setPath("/");
        assertTrue(ClusterChecks.autoscalingAndBudgets(objects).contains("Deployment/gateway: no HorizontalPodAutoscaler"),
                () -> String.valueOf(ClusterChecks.autoscalingAndBudgets(objects)));
        assertTrue(ClusterChecks.healthProbes(objects).stream().anyMatch(p -> p.startsWith("Deployment/gateway container gateway: liveness probe is not an HTTP GET of /q/health/live")),
                () -> String.valueOf(ClusterChecks.healthProbes(objects)));

        Deployment collector = find(objects, Deployment.class, "otel-collector");
        collector.getMetadata().getLabels().remove(ClusterChecks.PART_OF);
        List<String> problems = ClusterChecks.managementInterface(objects);
        assertTrue(problems.contains("Deployment/otel-collector: no container port 'management' on 9000"), problems::toString);
        assertTrue(ClusterChecks.autoscalingAndBudgets(objects).contains("Deployment/otel-collector: no HorizontalPodAutoscaler"));
    }

    private static void assertReaches(List<HasMetadata> objects, URI url, Container container, String what) {
        Service service = Workloads.ofKind(objects, Service.class).stream().filter(s -> s.getMetadata().getName().equals(url.getHost()))
                .findFirst().orElseThrow(() -> new AssertionError(what + ": no Service " + url.getHost()));
        var port = service.getSpec().getPorts().stream().filter(p -> p.getPort() == url.getPort()).findFirst()
                .orElseThrow(() -> new AssertionError(what + ": Service " + url.getHost() + " has no port " + url.getPort()));
        assertEquals(url.getPort(), containerPort(container, port.getTargetPort()), what + ": " + url + " reaches container port");
    }

    private static int containerPort(Container c, io.fabric8.kubernetes.api.model.IntOrString port) {
        if (port.getIntVal() != null) {
            return port.getIntVal();
        }
        return c.getPorts().stream().filter(p -> port.getStrVal().equals(p.getName())).findFirst()
                .orElseThrow(() -> new AssertionError(c.getName() + " has no port " + port.getStrVal())).getContainerPort();
    }

    static void assertMongosUri(String uri, String database) {
        assertTrue(uri.startsWith("mongodb://"), uri);
        assertTrue(!uri.contains("replicaSet"), "a mongos URI names no replica set: " + uri);
        assertTrue(!uri.contains("shop-mongodb-"), "not the replica set's members: " + uri);
        String path = uri.substring("mongodb://".length());
        path = path.substring(path.indexOf('/') + 1);
        assertEquals(database, path.contains("?") ? path.substring(0, path.indexOf('?')) : path, "database in " + uri);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void eachServiceGetsItsPortItsConfigurationAndItsOwnDatabase(String overlay) {
        List<HasMetadata> objects = render(overlay);
        Map<String, Deployment> deployments = Workloads.ofKind(objects, Deployment.class).stream()
                .collect(Collectors.toMap(d -> d.getMetadata().getName(), d -> d));
        assertEquals(SERVICES.keySet(), deployments.keySet());
        for (var entry : SERVICES.entrySet()) {
            String name = entry.getKey();
            int port = (Integer) entry.getValue()[0];
            String database = (String) entry.getValue()[1];
            Container c = deployments.get(name).getSpec().getTemplate().getSpec().getContainers().get(0);
            assertEquals(port, c.getPorts().get(0).getContainerPort(), name + " port");
            assertTrue(c.getImage().contains(name), name + " image " + c.getImage());
            Map<String, EnvVar> env = c.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, e -> e));
            assertTrue(env.keySet().containsAll(REQUIRED_ENV.get(name)), name + " env " + env.keySet()
                    + " lacks some of " + REQUIRED_ENV.get(name));
            assertEquals("file:/etc/shop/jwt/public.pem", env.get("MP_JWT_VERIFY_PUBLICKEY_LOCATION").getValue());
            assertTrue(c.getVolumeMounts().stream().anyMatch(m -> m.getMountPath().equals("/etc/shop/jwt")), name + " key mount");
            Service service = Workloads.ofKind(objects, Service.class).stream()
                    .filter(s -> s.getMetadata().getName().equals(name)).findFirst().orElseThrow();
            assertEquals(port, service.getSpec().getPorts().get(0).getPort(), name + " Service port");
            if (database != null) {
                var ref = env.get("QUARKUS_MONGODB_CONNECTION_STRING").getValueFrom().getSecretKeyRef();
                String uri = secretValue(objects, ref.getName(), ref.getKey());
                assertMongoUri(uri, database);
            } else {
                assertTrue(!env.containsKey("QUARKUS_MONGODB_CONNECTION_STRING"), "the gateway has no database");
            }
        }
        // upstream URLs in the ConfigMap name existing Services and their ports
        ConfigMap config = Workloads.ofKind(objects, ConfigMap.class).stream()
                .filter(m -> m.getMetadata().getName().startsWith("shop-config")).findFirst().orElseThrow();
        for (String service : List.of("catalog-service", "category-service", "cart-service")) {
            URI url = URI.create(config.getData().get(service + "-url"));
            assertEquals(service, url.getHost(), "URL of " + service);
            assertEquals((int) (Integer) SERVICES.get(service)[0], url.getPort(), "port in URL of " + service);
        }
        assertEquals("https://shop.example/issuer", config.getData().get("jwt-issuer"));
        for (String duration : List.of("cart-expiry-inactive-after", "cart-expiry-every", "cart-cleanup-older-than",
                "cart-cleanup-every")) {
            java.time.Duration.parse(config.getData().get(duration));
        }
    }

    static void assertMongoUri(String uri, String database) {
        assertTrue(uri.startsWith("mongodb://"), uri);
        String afterScheme = uri.substring("mongodb://".length());
        String hosts = afterScheme.substring(0, afterScheme.indexOf('/'));
        String pathAndQuery = afterScheme.substring(afterScheme.indexOf('/') + 1);
        assertEquals(Set.of("shop-mongodb-0.shop-mongodb:27017", "shop-mongodb-1.shop-mongodb:27017",
                "shop-mongodb-2.shop-mongodb:27017"), Set.of(hosts.split(",")), "replica-set members in " + uri);
        assertEquals(database, pathAndQuery.substring(0, pathAndQuery.indexOf('?')), "database in " + uri);
        assertTrue(pathAndQuery.contains("replicaSet=rs0"), "replicaSet in " + uri);
    }

    static String secretValue(List<HasMetadata> objects, String name, String key) {
        Secret secret = Workloads.ofKind(objects, Secret.class).stream()
                .filter(s -> s.getMetadata().getName().equals(name)).findFirst().orElseThrow();
        if (secret.getStringData() != null && secret.getStringData().containsKey(key)) {
            return secret.getStringData().get(key);
        }
        return new String(Base64.getMimeDecoder().decode(secret.getData().get(key)), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void mongodbIsAThreeMemberReplicaSetInitiatedByAJob(String overlay) {
        List<HasMetadata> objects = render(overlay);
        StatefulSet mongo = Workloads.ofKind(objects, StatefulSet.class).get(0);
        assertEquals("shop-mongodb", mongo.getMetadata().getName());
        assertEquals(3, mongo.getSpec().getReplicas());
        assertEquals(1, mongo.getSpec().getVolumeClaimTemplates().size());
        assertTrue(mongo.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand().containsAll(List.of("--replSet", "rs0")));
        assertTrue(mongo.getSpec().getTemplate().getSpec().getContainers().get(0).getVolumeMounts().stream()
                .anyMatch(m -> m.getMountPath().equals("/data/db")
                        && m.getName().equals(mongo.getSpec().getVolumeClaimTemplates().get(0).getMetadata().getName())));
        Job init = Workloads.ofKind(objects, Job.class).stream()
                .filter(j -> j.getMetadata().getName().equals("shop-mongodb-rs-init")).findFirst().orElseThrow();
        String script = String.join(" ", init.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand());
        assertTrue(script.contains("rs.initiate") && script.contains("'rs0'") && script.contains("[0, 1, 2]")
                && script.contains("shop-mongodb-${i}.shop-mongodb:27017"), "rs.initiate with the 3 members: " + script);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "sharded", "traced"})
    void theIngressRoutesEverythingToTheGateway(String overlay) {
        Ingress ingress = Workloads.ofKind(render(overlay), Ingress.class).get(0);
        var path = ingress.getSpec().getRules().get(0).getHttp().getPaths().get(0);
        assertEquals("/", path.getPath());
        assertEquals("gateway", path.getBackend().getService().getName());
        assertEquals("http", path.getBackend().getService().getPort().getName());
    }

    @Test
    void prodRunsMoreReplicasWithMoreResourcesThanDevAndTerminatesTls() {
        List<HasMetadata> dev = render("dev");
        List<HasMetadata> prod = render("prod");
        for (String name : SERVICES.keySet()) {
            Deployment d = find(dev, Deployment.class, name);
            Deployment p = find(prod, Deployment.class, name);
            assertTrue(p.getSpec().getReplicas() > d.getSpec().getReplicas(), name + " replicas");
            HorizontalPodAutoscaler dh = find(dev, HorizontalPodAutoscaler.class, name);
            HorizontalPodAutoscaler ph = find(prod, HorizontalPodAutoscaler.class, name);
            assertTrue(ph.getSpec().getMinReplicas() > dh.getSpec().getMinReplicas(), name + " HPA min");
            assertTrue(ph.getSpec().getMaxReplicas() > dh.getSpec().getMaxReplicas(), name + " HPA max");
            assertTrue(ph.getSpec().getMinReplicas() >= 2, name + " prod HPA min keeps a spare");
            for (String resource : List.of("cpu", "memory")) {
                assertTrue(amount(p, "limits", resource).compareTo(amount(d, "limits", resource)) > 0, name + " limit " + resource);
                assertTrue(amount(p, "requests", resource).compareTo(amount(d, "requests", resource)) > 0, name + " request " + resource);
            }
        }
        assertEquals("shop-dev", find(dev, Deployment.class, "gateway").getMetadata().getNamespace());
        assertEquals("shop", find(prod, Deployment.class, "gateway").getMetadata().getNamespace());
        assertTrue(Workloads.ofKind(prod, Ingress.class).get(0).getSpec().getTls() != null, "prod Ingress has TLS");
    }

    /** The whole pipeline can fail: a kustomization that does not build, and an overlay with a misspelt field. */
    @Test
    void aBrokenOverlayIsRejected(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path missing = java.nio.file.Files.createDirectory(dir.resolve("missing"));
        java.nio.file.Files.writeString(missing.resolve("kustomization.yaml"), "resources:\n  - nowhere.yaml\n");
        org.junit.jupiter.api.Assertions.assertThrows(org.opentest4j.AssertionFailedError.class, () -> Kubectl.kustomize(missing));

        java.nio.file.Path typo = java.nio.file.Files.createDirectory(dir.resolve("typo"));
        java.nio.file.Files.writeString(typo.resolve("kustomization.yaml"), "bases:\n  - "
                + typo.toAbsolutePath().relativize(RepoRoot.get().resolve("k8s/base")) + "\npatchesStrategicMerge:\n  - patch.yaml\n");
        java.nio.file.Files.writeString(typo.resolve("patch.yaml"), """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: gateway
                spec:
                  template:
                    spec:
                      containers:
                        - name: gateway
                          readinesProbe:
                            httpGet:
                              path: /q/health/ready
                              port: http
                """);
        List<String> problems = new ManifestValidator().validate(Kubectl.kustomize(typo)).problems();
        assertTrue(problems.stream().anyMatch(p -> p.contains("unknown field(s) [readinesProbe]")), problems::toString);
    }

    private static BigDecimal amount(Deployment d, String which, String resource) {
        var r = d.getSpec().getTemplate().getSpec().getContainers().get(0).getResources();
        return Quantity.getAmountInBytes(("limits".equals(which) ? r.getLimits() : r.getRequests()).get(resource));
    }

    private static <T extends HasMetadata> T find(List<HasMetadata> objects, Class<T> kind, String name) {
        return Workloads.ofKind(objects, kind).stream().filter(o -> o.getMetadata().getName().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError(kind.getSimpleName() + " " + name + " missing"));
    }
}

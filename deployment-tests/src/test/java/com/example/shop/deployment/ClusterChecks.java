package com.example.shop.deployment;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HTTPGetAction;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressServiceBackend;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Cross-object rules over a rendered set of manifests. Each check returns its problems (empty when
 * the rule holds), so the same check is exercised on the real overlays and on broken fixtures.
 */
final class ClusterChecks {

    private ClusterChecks() {
    }

    static List<String> all(List<HasMetadata> objects) {
        return Stream.of(hardenedWorkloads(objects), healthProbes(objects), selectorsMatchTemplates(objects),
                        servicesSelectPods(objects), referencedConfigExists(objects), autoscalingAndBudgets(objects),
                        ingressRoutes(objects), statefulSetsHaveHeadlessServices(objects), oneNamespace(objects))
                .flatMap(List::stream).collect(Collectors.toList());
    }

    private static List<Container> containers(PodSpec pod) {
        List<Container> all = new ArrayList<>();
        if (pod.getInitContainers() != null) {
            all.addAll(pod.getInitContainers());
        }
        if (pod.getContainers() != null) {
            all.addAll(pod.getContainers());
        }
        return all;
    }

    /** Every container of every workload: requests and limits, non-root, read-only root, no privileges, a writable /tmp. */
    static List<String> hardenedWorkloads(List<HasMetadata> objects) {
        List<String> problems = new ArrayList<>();
        for (HasMetadata workload : objects) {
            PodSpec pod = Workloads.podSpec(workload);
            if (pod == null) {
                continue;
            }
            PodSecurityContext podSecurity = pod.getSecurityContext();
            for (Container c : containers(pod)) {
                String at = Workloads.name(workload) + " container " + c.getName();
                for (String resource : List.of("cpu", "memory")) {
                    if (c.getResources() == null || c.getResources().getRequests() == null
                            || !c.getResources().getRequests().containsKey(resource)) {
                        problems.add(at + ": no " + resource + " request");
                    }
                    if (c.getResources() == null || c.getResources().getLimits() == null
                            || !c.getResources().getLimits().containsKey(resource)) {
                        problems.add(at + ": no " + resource + " limit");
                    }
                }
                SecurityContext sc = c.getSecurityContext();
                boolean nonRoot = sc != null && Boolean.TRUE.equals(sc.getRunAsNonRoot())
                        || (sc == null || sc.getRunAsNonRoot() == null)
                        && podSecurity != null && Boolean.TRUE.equals(podSecurity.getRunAsNonRoot());
                if (!nonRoot) {
                    problems.add(at + ": runAsNonRoot is not true");
                }
                if (sc == null || !Boolean.TRUE.equals(sc.getReadOnlyRootFilesystem())) {
                    problems.add(at + ": readOnlyRootFilesystem is not true");
                }
                if (sc == null || !Boolean.FALSE.equals(sc.getAllowPrivilegeEscalation())) {
                    problems.add(at + ": allowPrivilegeEscalation is not false");
                }
                if (sc == null || sc.getCapabilities() == null || sc.getCapabilities().getDrop() == null
                        || !sc.getCapabilities().getDrop().contains("ALL")) {
                    problems.add(at + ": capabilities do not drop ALL");
                }
                boolean seccomp = sc != null && sc.getSeccompProfile() != null
                        ? Set.of("RuntimeDefault", "Localhost").contains(sc.getSeccompProfile().getType())
                        : podSecurity != null && podSecurity.getSeccompProfile() != null
                        && Set.of("RuntimeDefault", "Localhost").contains(podSecurity.getSeccompProfile().getType());
                if (!seccomp) {
                    problems.add(at + ": no RuntimeDefault seccomp profile (Pod Security 'restricted')");
                }
                if (sc != null && Boolean.TRUE.equals(sc.getPrivileged())) {
                    problems.add(at + ": privileged");
                }
                Optional<VolumeMount> tmp = Optional.ofNullable(c.getVolumeMounts()).orElse(List.of()).stream()
                        .filter(m -> "/tmp".equals(m.getMountPath())).findFirst();
                boolean tmpIsEmptyDir = tmp.isPresent() && Optional.ofNullable(pod.getVolumes()).orElse(List.of())
                        .stream().anyMatch(v -> v.getName().equals(tmp.get().getName()) && v.getEmptyDir() != null);
                if (!tmpIsEmptyDir) {
                    problems.add(at + ": no writable emptyDir mounted at /tmp");
                }
            }
        }
        return problems;
    }

    /** The label by which third-party infrastructure says it is not one of the platform's services. */
    static final String PART_OF = "app.kubernetes.io/part-of";

    /**
     * Whether a Deployment is one of the platform's Quarkus services, to which the rules about the
     * Quarkus health endpoints, the management port 9000, the HorizontalPodAutoscaler and the
     * PodDisruptionBudget apply. Third-party infrastructure deployed beside them (overlays/traced:
     * the OpenTelemetry Collector and Jaeger, labelled {@code app.kubernetes.io/part-of: shop-tracing})
     * has none of those endpoints and runs as one replica; the rules every workload follows
     * (hardening, liveness and readiness probes on a declared port, selectors, references) still
     * apply to it. Decided by exclusion, so the service rules are not weakened: a Deployment is a
     * service unless it says it is part of something other than the shop, so one that lost or never
     * had the label is still checked; and a Deployment named as one of the four services is checked
     * whatever its labels.
     */
    static boolean isPlatformService(HasMetadata workload) {
        if (!(workload instanceof Deployment)) {
            return false;
        }
        if (KustomizeOverlaysTest.SERVICES.containsKey(workload.getMetadata().getName())) {
            return true;
        }
        String partOf = Optional.ofNullable(workload.getMetadata().getLabels()).orElse(Map.of()).get(PART_OF);
        return partOf == null || partOf.equals("shop");
    }

    /**
     * Deployments and StatefulSets have liveness and readiness probes, HTTP ones on a declared
     * port; the services' use the Quarkus health endpoints.
     */
    static List<String> healthProbes(List<HasMetadata> objects) {
        List<String> problems = new ArrayList<>();
        for (HasMetadata workload : objects) {
            if (!(workload instanceof Deployment || workload instanceof StatefulSet)) {
                continue;
            }
            boolean service = isPlatformService(workload);
            for (Container c : Workloads.podSpec(workload).getContainers()) {
                String at = Workloads.name(workload) + " container " + c.getName();
                probe(c, c.getLivenessProbe(), "liveness", service ? "/q/health/live" : null, at, problems);
                probe(c, c.getReadinessProbe(), "readiness", service ? "/q/health/ready" : null, at, problems);
            }
        }
        return problems;
    }

    private static void probe(Container c, Probe probe, String what, String path, String at, List<String> problems) {
        if (probe == null) {
            problems.add(at + ": no " + what + " probe");
            return;
        }
        if (probe.getHttpGet() == null && probe.getExec() == null && probe.getTcpSocket() == null && probe.getGrpc() == null) {
            problems.add(at + ": " + what + " probe without a handler");
        }
        HTTPGetAction get = probe.getHttpGet();
        if (path != null && (get == null || !path.equals(get.getPath()))) {
            problems.add(at + ": " + what + " probe is not an HTTP GET of " + path);
        } else if (get != null && !hasPort(c, get.getPort())) {
            problems.add(at + ": " + what + " probe port " + text(get.getPort()) + " is not a container port");
        }
    }

    /** The management interface's port: /q/health, /q/metrics and /q/openapi in the services' prod profile. */
    static final int MANAGEMENT_PORT = 9000;

    /**
     * The services run their prod profile, where /q/health, /q/metrics and /q/openapi are served on
     * the management interface only: every service Deployment (isPlatformService) declares that
     * port (named {@code management}), its probes and its Prometheus annotations use it, and the
     * gateway's management URLs name a Service port that reaches it (the gateway probes the
     * services' readiness and fetches their API documents there).
     */
    static List<String> managementInterface(List<HasMetadata> objects) {
        List<String> problems = new ArrayList<>();
        for (Deployment d : Workloads.ofKind(objects, Deployment.class)) {
            if (!isPlatformService(d)) {
                continue; // the Quarkus management interface: see isPlatformService
            }
            String at = Workloads.name(d);
            Container c = d.getSpec().getTemplate().getSpec().getContainers().get(0);
            Optional<ContainerPort> management = Optional.ofNullable(c.getPorts()).orElse(List.of()).stream()
                    .filter(p -> "management".equals(p.getName())).findFirst();
            if (management.isEmpty() || management.get().getContainerPort() != MANAGEMENT_PORT) {
                problems.add(at + ": no container port 'management' on " + MANAGEMENT_PORT);
                continue;
            }
            for (var probe : List.of(new Object[] {"startup", c.getStartupProbe()}, new Object[] {"liveness", c.getLivenessProbe()},
                    new Object[] {"readiness", c.getReadinessProbe()})) {
                Probe p = (Probe) probe[1];
                IntOrString port = p == null || p.getHttpGet() == null ? null : p.getHttpGet().getPort();
                boolean onManagement = port != null && ("management".equals(port.getStrVal())
                        || Objects.equals(port.getIntVal(), MANAGEMENT_PORT));
                if (p != null && !onManagement) {
                    problems.add(at + ": " + probe[0] + " probe is not on the management port (" + text(port) + ")");
                }
            }
            Map<String, String> annotations = Optional.ofNullable(d.getSpec().getTemplate().getMetadata().getAnnotations())
                    .orElse(Map.of());
            if (!String.valueOf(MANAGEMENT_PORT).equals(annotations.get("prometheus.io/port"))
                    || !"/q/metrics".equals(annotations.get("prometheus.io/path"))) {
                problems.add(at + ": Prometheus scrapes port " + annotations.get("prometheus.io/port") + " path "
                        + annotations.get("prometheus.io/path") + ", not the management port's /q/metrics");
            }
            for (EnvVar env : Optional.ofNullable(c.getEnv()).orElse(List.of())) {
                if (env.getName().startsWith("GATEWAY_UPSTREAMS_") && env.getName().endsWith("_MANAGEMENT_URL")) {
                    String url = envValue(objects, env);
                    if (url == null || !reachesManagementPort(objects, java.net.URI.create(url))) {
                        problems.add(at + ": " + env.getName() + " = " + url + " is not a Service port reaching a management port");
                    }
                }
            }
        }
        return problems;
    }

    static String envValue(List<HasMetadata> objects, EnvVar env) {
        if (env.getValue() != null) {
            return env.getValue();
        }
        var ref = env.getValueFrom() == null ? null : env.getValueFrom().getConfigMapKeyRef();
        if (ref == null) {
            return null;
        }
        return Workloads.ofKind(objects, ConfigMap.class).stream().filter(m -> m.getMetadata().getName().equals(ref.getName()))
                .map(m -> m.getData() == null ? null : m.getData().get(ref.getKey())).filter(Objects::nonNull).findFirst().orElse(null);
    }

    private static boolean reachesManagementPort(List<HasMetadata> objects, java.net.URI url) {
        return Workloads.ofKind(objects, Service.class).stream()
                .filter(s -> s.getMetadata().getName().equals(url.getHost()))
                .flatMap(s -> s.getSpec().getPorts().stream())
                .anyMatch(p -> p.getPort() == url.getPort() && p.getTargetPort() != null
                        && ("management".equals(p.getTargetPort().getStrVal())
                        || Objects.equals(p.getTargetPort().getIntVal(), MANAGEMENT_PORT)));
    }

    static String text(IntOrString value) {
        return value == null ? "null" : value.getStrVal() != null ? value.getStrVal() : String.valueOf(value.getIntVal());
    }

    private static boolean hasPort(Container c, IntOrString port) {
        if (port == null || c.getPorts() == null) {
            return false;
        }
        for (ContainerPort p : c.getPorts()) {
            if (port.getStrVal() != null ? port.getStrVal().equals(p.getName())
                    : Objects.equals(port.getIntVal(), p.getContainerPort())) {
                return true;
            }
        }
        return false;
    }

    static List<String> selectorsMatchTemplates(List<HasMetadata> objects) {
        List<String> problems = new ArrayList<>();
        for (HasMetadata workload : objects) {
            if ((workload instanceof Deployment || workload instanceof StatefulSet)
                    && !Workloads.matches(Workloads.selector(workload), Workloads.podLabels(workload))) {
                problems.add(Workloads.name(workload) + ": selector " + Workloads.selector(workload)
                        + " does not match its template labels " + Workloads.podLabels(workload));
            }
        }
        return problems;
    }

    /** Every Service selects the pods of some workload, and every target port is a port of those pods. */
    static List<String> servicesSelectPods(List<HasMetadata> objects) {
        List<String> problems = new ArrayList<>();
        for (Service service : Workloads.ofKind(objects, Service.class)) {
            String at = Workloads.name(service);
            Map<String, String> selector = service.getSpec().getSelector();
            List<HasMetadata> selected = objects.stream()
                    .filter(o -> o instanceof Deployment || o instanceof StatefulSet)
                    .filter(o -> Workloads.matches(selector, Workloads.podLabels(o))).collect(Collectors.toList());
            if (selected.isEmpty()) {
                problems.add(at + ": selector " + selector + " selects no Deployment's or StatefulSet's pods");
                continue;
            }
            for (ServicePort port : service.getSpec().getPorts()) {
                IntOrString target = port.getTargetPort() != null ? port.getTargetPort() : new IntOrString(port.getPort());
                for (HasMetadata workload : selected) {
                    if (Workloads.podSpec(workload).getContainers().stream().noneMatch(c -> hasPort(c, target))) {
                        problems.add(at + ": targetPort " + text(target) + " is not a port of " + Workloads.name(workload));
                    }
                }
            }
        }
        return problems;
    }

    /** ConfigMaps and Secrets referenced by env, envFrom, volumes and Ingress TLS exist, with the referenced keys. */
    static List<String> referencedConfigExists(List<HasMetadata> objects) {
        Map<String, Set<String>> configMaps = Workloads.ofKind(objects, ConfigMap.class).stream().collect(Collectors.toMap(
                c -> c.getMetadata().getName(), c -> keys(c.getData(), c.getBinaryData())));
        Map<String, Set<String>> secrets = Workloads.ofKind(objects, Secret.class).stream().collect(Collectors.toMap(
                s -> s.getMetadata().getName(), s -> keys(s.getData(), s.getStringData())));
        List<String> problems = new ArrayList<>();
        for (HasMetadata workload : objects) {
            PodSpec pod = Workloads.podSpec(workload);
            if (pod == null) {
                continue;
            }
            for (Container c : containers(pod)) {
                String at = Workloads.name(workload) + " container " + c.getName();
                for (EnvVar env : Optional.ofNullable(c.getEnv()).orElse(List.of())) {
                    if (env.getValueFrom() == null) {
                        continue;
                    }
                    var cm = env.getValueFrom().getConfigMapKeyRef();
                    if (cm != null && !Boolean.TRUE.equals(cm.getOptional())) {
                        reference(configMaps, "ConfigMap", cm.getName(), cm.getKey(), at + " env " + env.getName(), problems);
                    }
                    var secret = env.getValueFrom().getSecretKeyRef();
                    if (secret != null && !Boolean.TRUE.equals(secret.getOptional())) {
                        reference(secrets, "Secret", secret.getName(), secret.getKey(), at + " env " + env.getName(), problems);
                    }
                }
                for (EnvFromSource from : Optional.ofNullable(c.getEnvFrom()).orElse(List.of())) {
                    if (from.getConfigMapRef() != null && !Boolean.TRUE.equals(from.getConfigMapRef().getOptional())) {
                        reference(configMaps, "ConfigMap", from.getConfigMapRef().getName(), null, at + " envFrom", problems);
                    }
                    if (from.getSecretRef() != null && !Boolean.TRUE.equals(from.getSecretRef().getOptional())) {
                        reference(secrets, "Secret", from.getSecretRef().getName(), null, at + " envFrom", problems);
                    }
                }
                Set<String> volumes = Optional.ofNullable(pod.getVolumes()).orElse(List.of()).stream()
                        .map(Volume::getName).collect(Collectors.toSet());
                for (VolumeMount mount : Optional.ofNullable(c.getVolumeMounts()).orElse(List.of())) {
                    boolean claimTemplate = workload instanceof StatefulSet sts
                            && Optional.ofNullable(sts.getSpec().getVolumeClaimTemplates()).orElse(List.of()).stream()
                            .anyMatch(t -> t.getMetadata().getName().equals(mount.getName()));
                    if (!volumes.contains(mount.getName()) && !claimTemplate) {
                        problems.add(at + ": volumeMount " + mount.getName() + " names no volume");
                    }
                }
            }
            for (Volume volume : Optional.ofNullable(pod.getVolumes()).orElse(List.of())) {
                String at = Workloads.name(workload) + " volume " + volume.getName();
                if (volume.getConfigMap() != null && !Boolean.TRUE.equals(volume.getConfigMap().getOptional())) {
                    items(configMaps, "ConfigMap", volume.getConfigMap().getName(), volume.getConfigMap().getItems(), at, problems);
                }
                if (volume.getSecret() != null && !Boolean.TRUE.equals(volume.getSecret().getOptional())) {
                    items(secrets, "Secret", volume.getSecret().getSecretName(), volume.getSecret().getItems(), at, problems);
                }
            }
        }
        for (Ingress ingress : Workloads.ofKind(objects, Ingress.class)) {
            boolean certManager = ingress.getMetadata().getAnnotations() != null
                    && ingress.getMetadata().getAnnotations().keySet().stream().anyMatch(k -> k.startsWith("cert-manager.io/"));
            for (var tls : Optional.ofNullable(ingress.getSpec().getTls()).orElse(List.of())) {
                if (!certManager) {
                    reference(secrets, "Secret", tls.getSecretName(), null, Workloads.name(ingress) + " tls", problems);
                }
            }
        }
        return problems;
    }

    private static Set<String> keys(Map<String, String> a, Map<String, String> b) {
        return Stream.of(a, b).filter(Objects::nonNull).map(Map::keySet).flatMap(Collection::stream).collect(Collectors.toSet());
    }

    private static void items(Map<String, Set<String>> existing, String kind, String name, List<KeyToPath> items, String at,
            List<String> problems) {
        if (items == null || items.isEmpty()) {
            reference(existing, kind, name, null, at, problems);
        } else {
            items.forEach(item -> reference(existing, kind, name, item.getKey(), at, problems));
        }
    }

    private static void reference(Map<String, Set<String>> existing, String kind, String name, String key, String at,
            List<String> problems) {
        if (!existing.containsKey(name)) {
            problems.add(at + ": " + kind + " " + name + " does not exist");
        } else if (key != null && !existing.get(name).contains(key)) {
            problems.add(at + ": " + kind + " " + name + " has no key " + key);
        }
    }

    /**
     * Every service Deployment has an HPA and a PDB (not the one-replica infrastructure beside them:
     * see isPlatformService); HPAs target existing workloads with sane bounds; PDBs select pods.
     */
    static List<String> autoscalingAndBudgets(List<HasMetadata> objects) {
        List<String> problems = new ArrayList<>();
        List<HorizontalPodAutoscaler> hpas = Workloads.ofKind(objects, HorizontalPodAutoscaler.class);
        List<PodDisruptionBudget> pdbs = Workloads.ofKind(objects, PodDisruptionBudget.class);
        for (HorizontalPodAutoscaler hpa : hpas) {
            String at = Workloads.name(hpa);
            var ref = hpa.getSpec().getScaleTargetRef();
            boolean exists = objects.stream().anyMatch(o -> o.getKind().equals(ref.getKind())
                    && o.getApiVersion().equals(ref.getApiVersion()) && o.getMetadata().getName().equals(ref.getName()));
            if (!exists) {
                problems.add(at + ": scaleTargetRef " + ref.getApiVersion() + " " + ref.getKind() + "/" + ref.getName() + " does not exist");
            }
            Integer min = hpa.getSpec().getMinReplicas();
            Integer max = hpa.getSpec().getMaxReplicas();
            if (min == null || min < 1 || max == null || max < min) {
                problems.add(at + ": replica bounds min " + min + " max " + max + " are not 1 <= min <= max");
            }
            if (hpa.getSpec().getMetrics() == null || hpa.getSpec().getMetrics().isEmpty()) {
                problems.add(at + ": no metrics");
            }
        }
        for (PodDisruptionBudget pdb : pdbs) {
            if (objects.stream().filter(o -> o instanceof Deployment || o instanceof StatefulSet)
                    .noneMatch(o -> Workloads.matches(pdb.getSpec().getSelector(), Workloads.podLabels(o)))) {
                problems.add(Workloads.name(pdb) + ": selector selects no workload's pods");
            }
            if ((pdb.getSpec().getMinAvailable() == null) == (pdb.getSpec().getMaxUnavailable() == null)) {
                problems.add(Workloads.name(pdb) + ": exactly one of minAvailable and maxUnavailable is required");
            }
        }
        for (Deployment d : Workloads.ofKind(objects, Deployment.class).stream()
                .filter(ClusterChecks::isPlatformService).toList()) {
            String name = d.getMetadata().getName();
            if (hpas.stream().noneMatch(h -> h.getSpec().getScaleTargetRef().getKind().equals("Deployment")
                    && h.getSpec().getScaleTargetRef().getName().equals(name))) {
                problems.add(Workloads.name(d) + ": no HorizontalPodAutoscaler");
            } else if (d.getSpec().getReplicas() != null && hpas.stream()
                    .filter(h -> h.getSpec().getScaleTargetRef().getName().equals(name))
                    .anyMatch(h -> d.getSpec().getReplicas() < h.getSpec().getMinReplicas()
                            || d.getSpec().getReplicas() > h.getSpec().getMaxReplicas())) {
                problems.add(Workloads.name(d) + ": replicas outside its HPA bounds");
            }
            if (pdbs.stream().noneMatch(p -> Workloads.matches(p.getSpec().getSelector(), Workloads.podLabels(d)))) {
                problems.add(Workloads.name(d) + ": no PodDisruptionBudget");
            }
        }
        return problems;
    }

    /** Every Ingress backend is an existing Service port. */
    static List<String> ingressRoutes(List<HasMetadata> objects) {
        List<String> problems = new ArrayList<>();
        for (Ingress ingress : Workloads.ofKind(objects, Ingress.class)) {
            List<IngressServiceBackend> backends = new ArrayList<>();
            if (ingress.getSpec().getDefaultBackend() != null && ingress.getSpec().getDefaultBackend().getService() != null) {
                backends.add(ingress.getSpec().getDefaultBackend().getService());
            }
            Optional.ofNullable(ingress.getSpec().getRules()).orElse(List.of()).forEach(r -> r.getHttp().getPaths()
                    .forEach(p -> {
                        if (p.getBackend() == null || p.getBackend().getService() == null) {
                            problems.add(Workloads.name(ingress) + ": path " + p.getPath() + " has no service backend");
                        } else {
                            backends.add(p.getBackend().getService());
                        }
                    }));
            for (IngressServiceBackend backend : backends) {
                Optional<Service> service = Workloads.ofKind(objects, Service.class).stream()
                        .filter(s -> s.getMetadata().getName().equals(backend.getName())).findFirst();
                var port = backend.getPort();
                if (service.isEmpty()) {
                    problems.add(Workloads.name(ingress) + ": backend Service " + backend.getName() + " does not exist");
                } else if (port == null || service.get().getSpec().getPorts().stream().noneMatch(sp -> port.getName() != null
                        ? port.getName().equals(sp.getName()) : Objects.equals(port.getNumber(), sp.getPort()))) {
                    problems.add(Workloads.name(ingress) + ": backend port " + port + " is not a port of Service " + backend.getName());
                }
            }
        }
        return problems;
    }

    static List<String> statefulSetsHaveHeadlessServices(List<HasMetadata> objects) {
        List<String> problems = new ArrayList<>();
        for (StatefulSet sts : Workloads.ofKind(objects, StatefulSet.class)) {
            Optional<Service> governing = Workloads.ofKind(objects, Service.class).stream()
                    .filter(s -> s.getMetadata().getName().equals(sts.getSpec().getServiceName())).findFirst();
            if (governing.isEmpty() || !"None".equals(governing.get().getSpec().getClusterIP())
                    || !Workloads.matches(governing.get().getSpec().getSelector(), Workloads.podLabels(sts))) {
                problems.add(Workloads.name(sts) + ": serviceName " + sts.getSpec().getServiceName()
                        + " is not a headless Service selecting its pods");
            }
        }
        return problems;
    }

    /** All namespaced objects share one namespace, which the set creates. */
    static List<String> oneNamespace(List<HasMetadata> objects) {
        Set<String> namespaces = objects.stream().filter(o -> !(o instanceof Namespace))
                .map(o -> String.valueOf(o.getMetadata().getNamespace())).collect(Collectors.toSet());
        Set<String> created = Workloads.ofKind(objects, Namespace.class).stream()
                .map(n -> n.getMetadata().getName()).collect(Collectors.toSet());
        if (namespaces.size() != 1 || !created.containsAll(namespaces)) {
            return List.of("objects are in namespaces " + namespaces + ", the manifests create " + created);
        }
        return List.of();
    }
}

package com.example.shop.deployment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Schema validation of rendered manifests without a cluster: every YAML document is bound to the
 * fabric8 model class of its apiVersion/kind (the Kubernetes OpenAPI schema, generated), with
 * scalar coercion off, so a wrong type fails; every field the model does not know (fabric8
 * keeps those in {@code additionalProperties}) is reported with its path; plus a few rules the
 * model does not encode (DNS names, quantities, ports, enums). Only the kinds this platform
 * uses are accepted: anything else is reported, so a new kind has to be added here on purpose.
 */
final class ManifestValidator {

    private static final List<Class<? extends HasMetadata>> KINDS = List.of(
            Namespace.class, ConfigMap.class, Secret.class, Service.class, ServiceAccount.class,
            Deployment.class, StatefulSet.class, Job.class, HorizontalPodAutoscaler.class,
            PodDisruptionBudget.class, Ingress.class, NetworkPolicy.class);

    private static final Map<String, Class<? extends HasMetadata>> BY_TYPE = new LinkedHashMap<>();

    static {
        for (Class<? extends HasMetadata> kind : KINDS) {
            BY_TYPE.put(HasMetadata.getApiVersion(kind) + "/" + HasMetadata.getKind(kind), kind);
        }
    }

    private static final Pattern DNS_1123_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern DNS_1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Set<String> PULL_POLICIES = Set.of("Always", "IfNotPresent", "Never");
    private static final Set<String> PROTOCOLS = Set.of("TCP", "UDP", "SCTP");
    private static final Set<String> PATH_TYPES = Set.of("Exact", "Prefix", "ImplementationSpecific");
    private static final Set<String> SERVICE_TYPES = Set.of("ClusterIP", "NodePort", "LoadBalancer", "ExternalName");
    private static final Set<String> RESTART_POLICIES = Set.of("Always", "OnFailure", "Never");

    private static final ObjectMapper yaml = JsonMapper.builder(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();

    /** The objects of a multi-document YAML string, and every problem found in it. */
    record Result(List<HasMetadata> objects, List<String> problems) {
    }

    Result validate(String multiDocumentYaml) {
        List<HasMetadata> objects = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<JsonNode> documents;
        try {
            documents = yaml.readerFor(JsonNode.class).<JsonNode>readValues(multiDocumentYaml).readAll();
        } catch (java.io.IOException e) {
            problems.add("not valid YAML: " + e.getMessage());
            return new Result(objects, problems);
        }
        int index = 0;
        for (JsonNode document : documents) {
            index++;
            if (document == null || document.isNull() || document.isMissingNode()) {
                continue;
            }
            String where = "document " + index + " (" + document.path("kind").asText("?") + " "
                    + document.path("metadata").path("name").asText("?") + ")";
            if (!document.isObject()) {
                problems.add(where + ": not a mapping");
                continue;
            }
            String type = document.path("apiVersion").asText("") + "/" + document.path("kind").asText("");
            Class<? extends HasMetadata> kind = BY_TYPE.get(type);
            if (kind == null) {
                problems.add(where + ": unsupported apiVersion/kind " + type + " (known: " + BY_TYPE.keySet() + ")");
                continue;
            }
            HasMetadata object;
            try {
                object = yaml.treeToValue(document, kind);
            } catch (JsonProcessingException e) {
                problems.add(where + ": does not match the " + type + " schema: " + e.getOriginalMessage()
                        + " at " + pathOf(e));
                continue;
            }
            List<String> found = new ArrayList<>();
            unknownFields(object, kind.getSimpleName(), found, new IdentityHashMap<>());
            rules(object, found);
            found.forEach(p -> problems.add(where + ": " + p));
            objects.add(object);
        }
        return new Result(objects, problems);
    }

    private static String pathOf(JsonProcessingException e) {
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m) {
            return m.getPathReference();
        }
        return "?";
    }

    /** fabric8 keeps fields it does not know in additionalProperties instead of failing: report them. */
    private static void unknownFields(Object value, String path, List<String> problems, Map<Object, Boolean> seen) {
        if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean
                || value instanceof Enum<?> || seen.put(value, Boolean.TRUE) != null) {
            return;
        }
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> unknownFields(v, path + "." + k, problems, seen));
            return;
        }
        if (value instanceof Collection<?> list) {
            int i = 0;
            for (Object item : list) {
                unknownFields(item, path + "[" + i++ + "]", problems, seen);
            }
            return;
        }
        if (!value.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
            return;
        }
        for (Class<?> type = value.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                Object fieldValue;
                try {
                    field.setAccessible(true);
                    fieldValue = field.get(value);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    continue;
                }
                if (field.getName().equals("additionalProperties")) {
                    if (fieldValue instanceof Map<?, ?> extra && !extra.isEmpty()) {
                        problems.add("unknown field(s) " + extra.keySet() + " in " + path);
                    }
                } else {
                    unknownFields(fieldValue, path + "." + field.getName(), problems, seen);
                }
            }
        }
    }

    /** Constraints of the API server that the generated model does not carry. */
    private static void rules(HasMetadata object, List<String> problems) {
        String name = object.getMetadata() == null ? null : object.getMetadata().getName();
        if (name == null || name.isEmpty()) {
            problems.add("metadata.name is missing");
        } else if (name.length() > 253 || !DNS_1123_SUBDOMAIN.matcher(name).matches()) {
            problems.add("metadata.name '" + name + "' is not a DNS-1123 subdomain");
        }
        if (object instanceof Service service) {
            if (service.getSpec() == null || service.getSpec().getPorts() == null || service.getSpec().getPorts().isEmpty()) {
                problems.add("Service without ports");
            } else {
                service.getSpec().getPorts().forEach(p -> {
                    port(p.getPort(), "spec.ports.port", problems);
                    enumValue(p.getProtocol(), PROTOCOLS, "spec.ports.protocol", problems);
                });
                enumValue(service.getSpec().getType(), SERVICE_TYPES, "spec.type", problems);
            }
        }
        if (object instanceof Ingress ingress && ingress.getSpec() != null && ingress.getSpec().getRules() != null) {
            ingress.getSpec().getRules().forEach(r -> {
                if (r.getHttp() == null || r.getHttp().getPaths() == null || r.getHttp().getPaths().isEmpty()) {
                    problems.add("Ingress rule without http paths");
                    return;
                }
                r.getHttp().getPaths().forEach(p -> {
                    if (p.getPathType() == null) {
                        problems.add("Ingress path " + p.getPath() + " without pathType (required)");
                    }
                    enumValue(p.getPathType(), PATH_TYPES, "pathType", problems);
                });
            });
        }
        PodSpec pod = Workloads.podSpec(object);
        if (pod != null) {
            enumValue(pod.getRestartPolicy(), RESTART_POLICIES, "restartPolicy", problems);
            List<Container> containers = new ArrayList<>();
            if (pod.getInitContainers() != null) {
                containers.addAll(pod.getInitContainers());
            }
            if (pod.getContainers() == null || pod.getContainers().isEmpty()) {
                problems.add("pod template without containers");
            } else {
                containers.addAll(pod.getContainers());
            }
            for (Container c : containers) {
                String at = "container " + c.getName();
                if (c.getName() == null || !DNS_1123_LABEL.matcher(c.getName()).matches()) {
                    problems.add(at + ": name is missing or not a DNS-1123 label");
                }
                if (c.getImage() == null || c.getImage().isBlank()) {
                    problems.add(at + ": image is missing");
                }
                enumValue(c.getImagePullPolicy(), PULL_POLICIES, at + " imagePullPolicy", problems);
                if (c.getPorts() != null) {
                    c.getPorts().forEach(p -> {
                        port(p.getContainerPort(), at + " containerPort", problems);
                        enumValue(p.getProtocol(), PROTOCOLS, at + " protocol", problems);
                    });
                }
                if (c.getResources() != null) {
                    quantities(c.getResources().getRequests(), at + " requests", problems);
                    quantities(c.getResources().getLimits(), at + " limits", problems);
                }
            }
        }
        if (object instanceof StatefulSet sts && sts.getSpec() != null && sts.getSpec().getVolumeClaimTemplates() != null) {
            sts.getSpec().getVolumeClaimTemplates().forEach(pvc -> {
                if (pvc.getSpec() != null && pvc.getSpec().getResources() != null) {
                    quantities(pvc.getSpec().getResources().getRequests(), "volumeClaimTemplate requests", problems);
                }
            });
        }
    }

    private static void quantities(Map<String, Quantity> values, String at, List<String> problems) {
        if (values == null) {
            return;
        }
        values.forEach((resource, quantity) -> {
            try {
                Quantity.getAmountInBytes(quantity);
            } catch (RuntimeException e) {
                problems.add(at + "." + resource + ": '" + quantity + "' is not a quantity");
            }
        });
    }

    private static void port(Integer port, String at, List<String> problems) {
        if (port == null || port < 1 || port > 65535) {
            problems.add(at + " " + port + " is not a port number");
        }
    }

    private static void enumValue(String value, Set<String> allowed, String at, List<String> problems) {
        if (value != null && !allowed.contains(value)) {
            problems.add(at + " '" + value + "' is not one of " + allowed);
        }
    }
}

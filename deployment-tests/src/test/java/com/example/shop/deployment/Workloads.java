package com.example.shop.deployment;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/** Uniform access to the pod templates of Deployments, StatefulSets and Jobs. */
final class Workloads {

    private Workloads() {
    }

    static PodTemplateSpec template(HasMetadata object) {
        if (object instanceof Deployment d && d.getSpec() != null) {
            return d.getSpec().getTemplate();
        }
        if (object instanceof StatefulSet s && s.getSpec() != null) {
            return s.getSpec().getTemplate();
        }
        if (object instanceof Job j && j.getSpec() != null) {
            return j.getSpec().getTemplate();
        }
        return null;
    }

    static PodSpec podSpec(HasMetadata object) {
        PodTemplateSpec template = template(object);
        return template == null ? null : template.getSpec();
    }

    static Map<String, String> podLabels(HasMetadata object) {
        PodTemplateSpec template = template(object);
        if (template == null || template.getMetadata() == null || template.getMetadata().getLabels() == null) {
            return Map.of();
        }
        return template.getMetadata().getLabels();
    }

    static LabelSelector selector(HasMetadata object) {
        if (object instanceof Deployment d && d.getSpec() != null) {
            return d.getSpec().getSelector();
        }
        if (object instanceof StatefulSet s && s.getSpec() != null) {
            return s.getSpec().getSelector();
        }
        return null;
    }

    /** matchLabels only (this platform uses no matchExpressions; a selector with them does not match). */
    static boolean matches(LabelSelector selector, Map<String, String> labels) {
        if (selector == null || selector.getMatchExpressions() != null && !selector.getMatchExpressions().isEmpty()) {
            return false;
        }
        return matches(selector.getMatchLabels(), labels);
    }

    static boolean matches(Map<String, String> selector, Map<String, String> labels) {
        return selector != null && !selector.isEmpty()
                && selector.entrySet().stream().allMatch(e -> Objects.equals(labels.get(e.getKey()), e.getValue()));
    }

    static <T extends HasMetadata> List<T> ofKind(List<HasMetadata> objects, Class<T> kind) {
        return objects.stream().filter(kind::isInstance).map(kind::cast).collect(Collectors.toList());
    }

    static boolean isWorkload(HasMetadata object) {
        return template(object) != null;
    }

    static String name(HasMetadata object) {
        return object.getKind() + "/" + object.getMetadata().getName();
    }
}

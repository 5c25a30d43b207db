package com.example.shop.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The checks must be able to fail: a small, correct set of manifests passes both the schema
 * validation and the cross-object rules, and each deliberate break of it is reported. Runs
 * without kubectl.
 */
class ValidatorRejectsBrokenManifestsTest {

    static final String GOOD = """
            apiVersion: v1
            kind: Namespace
            metadata:
              name: demo
            ---
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: demo-config
              namespace: demo
            data:
              issuer: https://shop.example/issuer
            ---
            apiVersion: v1
            kind: Secret
            metadata:
              name: demo-secret
              namespace: demo
            type: Opaque
            stringData:
              uri: mongodb://db:27017/demo?replicaSet=rs0
            ---
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: demo
              namespace: demo
            spec:
              replicas: 2
              selector:
                matchLabels:
                  app: demo
              template:
                metadata:
                  labels:
                    app: demo
                spec:
                  securityContext:
                    runAsNonRoot: true
                    seccompProfile:
                      type: RuntimeDefault
                  containers:
                    - name: demo
                      image: shop/demo:1
                      imagePullPolicy: IfNotPresent
                      ports:
                        - name: http
                          containerPort: 8080
                      env:
                        - name: ISSUER
                          valueFrom:
                            configMapKeyRef:
                              name: demo-config
                              key: issuer
                        - name: URI
                          valueFrom:
                            secretKeyRef:
                              name: demo-secret
                              key: uri
                      resources:
                        requests:
                          cpu: 100m
                          memory: 256Mi
                        limits:
                          cpu: "1"
                          memory: 512Mi
                      livenessProbe:
                        httpGet:
                          path: /q/health/live
                          port: http
                      readinessProbe:
                        httpGet:
                          path: /q/health/ready
                          port: http
                      securityContext:
                        allowPrivilegeEscalation: false
                        readOnlyRootFilesystem: true
                        capabilities:
                          drop:
                            - ALL
                      volumeMounts:
                        - name: tmp
                          mountPath: /tmp
                  volumes:
                    - name: tmp
                      emptyDir: {}
            ---
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: collector
              namespace: demo
              labels:
                app.kubernetes.io/part-of: demo-tracing
            spec:
              replicas: 1
              selector:
                matchLabels:
                  app: collector
              template:
                metadata:
                  labels:
                    app: collector
                spec:
                  securityContext:
                    runAsNonRoot: true
                    seccompProfile:
                      type: RuntimeDefault
                  containers:
                    - name: collector
                      image: example/collector:1.0.0
                      ports:
                        - name: health
                          containerPort: 13133
                      resources:
                        requests:
                          cpu: 50m
                          memory: 64Mi
                        limits:
                          cpu: 500m
                          memory: 128Mi
                      livenessProbe:
                        httpGet:
                          path: /
                          port: health
                      readinessProbe:
                        httpGet:
                          path: /ready
                          port: health
                      securityContext:
                        readOnlyRootFilesystem: true
                        allowPrivilegeEscalation: false
                        capabilities:
                          drop:
                            - ALL
                      volumeMounts:
                        - name: tmp
                          mountPath: /tmp
                  volumes:
                    - name: tmp
                      emptyDir: {}
            ---
            apiVersion: v1
            kind: Service
            metadata:
              name: demo
              namespace: demo
            spec:
              selector:
                app: demo
              ports:
                - name: http
                  port: 8080
                  targetPort: http
            ---
            apiVersion: autoscaling/v2
            kind: HorizontalPodAutoscaler
            metadata:
              name: demo
              namespace: demo
            spec:
              scaleTargetRef:
                apiVersion: apps/v1
                kind: Deployment
                name: demo
              minReplicas: 2
              maxReplicas: 4
              metrics:
                - type: Resource
                  resource:
                    name: cpu
                    target:
                      type: Utilization
                      averageUtilization: 70
            ---
            apiVersion: policy/v1
            kind: PodDisruptionBudget
            metadata:
              name: demo
              namespace: demo
            spec:
              maxUnavailable: 1
              selector:
                matchLabels:
                  app: demo
            ---
            apiVersion: networking.k8s.io/v1
            kind: Ingress
            metadata:
              name: demo
              namespace: demo
            spec:
              rules:
                - host: demo.example.com
                  http:
                    paths:
                      - path: /
                        pathType: Prefix
                        backend:
                          service:
                            name: demo
                            port:
                              name: http
            """;

    private static List<String> problems(String yaml) {
        ManifestValidator.Result result = new ManifestValidator().validate(yaml);
        if (!result.problems().isEmpty()) {
            return result.problems();
        }
        return ClusterChecks.all(result.objects());
    }

    /** The fixture with one exact, present piece replaced (fails if the piece is not there). */
    private static String broken(String from, String to) {
        assertTrue(GOOD.contains(from), "fixture does not contain: " + from);
        return GOOD.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to));
    }

    @Test
    void theCorrectFixturePasses() {
        ManifestValidator.Result result = new ManifestValidator().validate(GOOD);
        assertEquals(List.of(), result.problems());
        assertEquals(9, result.objects().size());
        assertEquals(List.of(), ClusterChecks.all(result.objects()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            misspelt field            | imagePullPolicy: IfNotPresent   | imagePullPolicyy: IfNotPresent   | unknown field(s) [imagePullPolicyy]
            field at the wrong level  | replicas: 2                     | replica: 2                       | unknown field(s) [replica]
            wrong type (word)         | replicas: 2                     | replicas: two                    | does not match the apps/v1/Deployment schema
            wrong type (quoted int)   | minReplicas: 2                  | minReplicas: "2"                 | does not match the autoscaling/v2/HorizontalPodAutoscaler schema
            wrong type (list)         | - ALL                           | ALL                              | does not match the apps/v1/Deployment schema
            old API version           | apiVersion: autoscaling/v2      | apiVersion: autoscaling/v2beta2  | unsupported apiVersion/kind autoscaling/v2beta2/HorizontalPodAutoscaler
            invalid quantity          | memory: 512Mi                   | memory: 512 MB                   | is not a quantity
            invalid object name       | name: demo-config\\n  namespace | name: Demo_Config\\n  namespace  | is not a DNS-1123 subdomain
            invalid enum              | pathType: Prefix                | pathType: prefix                 | 'prefix' is not one of
            invalid port              | containerPort: 8080             | containerPort: 80800             | is not a port number
            not YAML                  | data:                           | data: [                          | not valid YAML
            """)
    void aSchemaBreakIsRejected(String what, String from, String to, String expected) {
        List<String> problems = problems(broken(from.replace("\\n", "\n"), to.replace("\\n", "\n")));
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), what + ": expected a problem containing '"
                + expected + "', got " + problems);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            no readiness probe        | readinessProbe:                 | startupProbe:                    | no readiness probe
            wrong liveness path       | path: /q/health/live            | path: /health                    | liveness probe is not an HTTP GET of /q/health/live
            probe on unknown port     | path: /q/health/ready\\n              port: http | path: /q/health/ready\\n              port: web | readiness probe port web is not a container port
            writable root filesystem  | readOnlyRootFilesystem: true    | readOnlyRootFilesystem: false    | readOnlyRootFilesystem is not true
            may run as root           | runAsNonRoot: true              | runAsNonRoot: false              | runAsNonRoot is not true
            privilege escalation      | allowPrivilegeEscalation: false | allowPrivilegeEscalation: true   | allowPrivilegeEscalation is not false
            capabilities kept         | - ALL                           | - NET_RAW                        | capabilities do not drop ALL
            no /tmp volume            | mountPath: /tmp                 | mountPath: /scratch              | no writable emptyDir mounted at /tmp
            no memory limit           | cpu: "1"\\n              memory: 512Mi | cpu: "1"             | no memory limit
            selector vs template      | labels:\\n        app: demo     | labels:\\n        app: demo2     | does not match its template labels
            Service selects nothing   | selector:\\n    app: demo\\n  ports | selector:\\n    app: dmeo\\n  ports | selects no Deployment's or StatefulSet's pods
            Service target port       | targetPort: http                | targetPort: 9090                 | targetPort 9090 is not a port of Deployment/demo
            missing ConfigMap key     | key: issuer                     | key: issuer-url                  | ConfigMap demo-config has no key issuer-url
            missing Secret            | name: demo-secret\\n                  key | name: demo-secrets\\n                  key | Secret demo-secrets does not exist
            HPA target missing        | kind: Deployment\\n    name: demo | kind: Deployment\\n    name: demo-api | scaleTargetRef apps/v1 Deployment/demo-api does not exist
            HPA bounds inverted       | maxReplicas: 4                  | maxReplicas: 1                   | are not 1 <= min <= max
            PDB selects nothing       | maxUnavailable: 1\\n  selector:\\n    matchLabels:\\n      app: demo | maxUnavailable: 1\\n  selector:\\n    matchLabels:\\n      app: other | selector selects no workload's pods
            Ingress to missing port   | port:\\n                  name: http | port:\\n                  name: https | backend port
            Ingress to missing Service| name: demo\\n                port | name: gateway\\n                port | backend Service gateway does not exist
            two namespaces            | name: demo\\n  namespace: demo\\nspec:\\n  maxUnavailable | name: demo\\n  namespace: other\\nspec:\\n  maxUnavailable | objects are in namespaces
            infrastructure probe port | path: /ready\\n              port: health | path: /ready\\n              port: healthz | Deployment/collector container collector: readiness probe port healthz is not a container port
            infrastructure unprobed   | livenessProbe:\\n            httpGet:\\n              path: /\\n | startupProbe:\\n            httpGet:\\n              path: /\\n | Deployment/collector container collector: no liveness probe
            infrastructure unhardened | readOnlyRootFilesystem: true\\n            allowPrivilegeEscalation: false | readOnlyRootFilesystem: true\\n            allowPrivilegeEscalation: true | Deployment/collector container collector: allowPrivilegeEscalation is not false
            infrastructure unlabelled | labels:\\n    app.kubernetes.io/part-of: demo-tracing | labels: {} | Deployment/collector: no HorizontalPodAutoscaler
            part of the shop          | app.kubernetes.io/part-of: demo-tracing | app.kubernetes.io/part-of: shop | Deployment/collector container collector: liveness probe is not an HTTP GET of /q/health/live
            """)
    void aWiringBreakIsReported(String what, String from, String to, String expected) {
        List<String> problems = problems(broken(from.replace("\\n", "\n"), to.replace("\\n", "\n")));
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), what + ": expected a problem containing '"
                + expected + "', got " + problems);
    }
}

package com.example.shop.gateway.docs;

import com.example.shop.gateway.GatewayConfig;
import com.example.shop.gateway.GatewayProblems;
import com.example.shop.gateway.proxy.Upstream;
import com.example.shop.gateway.proxy.Upstreams;
import com.example.shop.problems.Problems;
import com.example.shop.publicapi.ApiDocument;
import com.example.shop.publicapi.RequestIds;
import com.example.shop.publicapi.Routes;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * {@code GET /api/openapi}: the one API document, merged ({@link ApiDocument}) from the services'
 * live documents. It is served from memory and rebuilt on the first request after
 * {@code gateway.openapi.cache-ttl}: the services' documents are fetched again (all at once, one
 * fetch at a time however many requests wait), and merged again when one of them changed. A
 * service that cannot be reached then keeps its last document; one never fetched makes the
 * answer a 503 problem naming it, with {@code Retry-After}.
 * <p>JSON by default; YAML with {@code ?format=yaml}, or without {@code format} when the Accept
 * header prefers a YAML type ({@code application/yaml}, {@code application/x-yaml}, {@code text/yaml})
 * to {@code application/json} (by q, then by order). Each form has its own weak ETag;
 * {@code If-None-Match} gets a 304.
 */
@ApplicationScoped
public class ApiDocs {

    private static final Logger LOG = Logger.getLogger(ApiDocs.class);
    private static final List<String> YAML_TYPES = List.of("application/yaml", "application/x-yaml", "text/yaml");

    /** One merge: the inputs it was made of and its two forms. */
    record Snapshot(Map<String, JsonNode> inputs, byte[] json, String jsonTag, byte[] yaml, String yamlTag, long madeAt) {
    }

    private final Vertx vertx;
    private final GatewayConfig config;
    private final Upstreams upstreams;
    private final Map<String, JsonNode> lastGood = new ConcurrentHashMap<>();
    private volatile Snapshot current;
    private Future<Snapshot> refreshing;

    public ApiDocs(Vertx vertx, GatewayConfig config, Upstreams upstreams) {
        this.upstreams = upstreams;
        this.vertx = vertx;
        this.config = config;
    }

    public void handle(RoutingContext context, String requestId) {
        HttpServerResponse response = context.response().putHeader(RequestIds.HEADER, requestId);
        HttpMethod method = context.request().method();
        long retryAfter = config.retryAfter().toSeconds();
        if (method != HttpMethod.GET && method != HttpMethod.HEAD) {
            response.putHeader(HttpHeaders.ALLOW, "GET, HEAD");
            GatewayProblems.write(response, Problems.methodNotAllowed("Only GET and HEAD are allowed on " + Routes.OPENAPI).problem());
            return;
        }
        List<String> formats = context.queryParam("format");
        if (formats.size() > 1 || (formats.size() == 1 && !formats.get(0).equals("json") && !formats.get(0).equals("yaml"))) {
            GatewayProblems.write(response, Problems.invalidField("format", "Query parameter 'format' must be json or yaml, once").problem());
            return;
        }
        boolean yaml = formats.isEmpty() ? prefersYaml(context.request().getHeader(HttpHeaders.ACCEPT)) : formats.get(0).equals("yaml");
        document().onComplete(done -> {
            if (done.failed()) {
                GatewayProblems.write(response, GatewayProblems.documentUnavailable(done.cause().getMessage()), retryAfter);
                return;
            }
            Snapshot snapshot = done.result();
            String tag = yaml ? snapshot.yamlTag() : snapshot.jsonTag();
            response.putHeader(HttpHeaders.ETAG, tag)
                    .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache")
                    .putHeader(HttpHeaders.VARY, "Accept");
            String ifNoneMatch = context.request().getHeader(HttpHeaders.IF_NONE_MATCH);
            if (ifNoneMatch != null && matches(ifNoneMatch, tag)) {
                response.setStatusCode(304).end();
                return;
            }
            response.putHeader(HttpHeaders.CONTENT_TYPE, yaml ? "application/yaml;charset=UTF-8" : "application/json;charset=UTF-8")
                    .end(io.vertx.core.buffer.Buffer.buffer(yaml ? snapshot.yaml() : snapshot.json()));
        });
    }

    /** The current document; fetched and merged again when older than the cache TTL. Event loop only. */
    Future<Snapshot> document() {
        Snapshot snapshot = current;
        if (snapshot != null && System.nanoTime() - snapshot.madeAt() < config.openapi().cacheTtl().toNanos()) {
            return Future.succeededFuture(snapshot);
        }
        synchronized (this) {
            if (refreshing == null) {
                refreshing = refresh().onComplete(done -> {
                    synchronized (this) {
                        refreshing = null;
                    }
                });
            }
            return refreshing;
        }
    }

    private Future<Snapshot> refresh() {
        List<Upstream> services = new ArrayList<>(upstreams.all());
        List<Future<io.vertx.core.buffer.Buffer>> fetches = new ArrayList<>();
        for (Upstream upstream : services) {
            fetches.add(upstream.openApiDocument());
        }
        return Future.join(new ArrayList<>(fetches)).transform(ignored -> {
            Map<String, JsonNode> inputs = new LinkedHashMap<>();
            for (int i = 0; i < services.size(); i++) {
                String name = services.get(i).name();
                Future<io.vertx.core.buffer.Buffer> fetch = fetches.get(i);
                if (fetch.succeeded()) {
                    try {
                        lastGood.put(name, ApiDocument.parse(fetch.result().getBytes()));
                    } catch (IllegalArgumentException e) {
                        LOG.warnf("The %s service's API document is not JSON: %s", name, e.getMessage());
                    }
                } else {
                    LOG.debugf("The %s service's API document could not be fetched: %s", name, fetch.cause().getMessage());
                }
                JsonNode document = lastGood.get(name);
                if (document == null) {
                    return Future.failedFuture(name);
                }
                inputs.put(name, document);
            }
            Snapshot previous = current;
            if (previous != null && previous.inputs().equals(inputs)) {
                current = new Snapshot(previous.inputs(), previous.json(), previous.jsonTag(), previous.yaml(), previous.yamlTag(), System.nanoTime());
                return Future.succeededFuture(current);
            }
            // Merging a few hundred kilobytes of JSON is no work for the event loop.
            return vertx.executeBlocking(() -> {
                JsonNode merged = ApiDocument.merge(inputs);
                byte[] json = ApiDocument.json(merged);
                byte[] yamlForm = ApiDocument.yaml(merged);
                return new Snapshot(inputs, json, weakTag(json), yamlForm, weakTag(yamlForm), System.nanoTime());
            }, false).onSuccess(made -> current = made);
        });
    }

    /** True when {@code Accept} ranks a YAML type above JSON: by q, then by which comes first. */
    static boolean prefersYaml(String accept) {
        if (accept == null) {
            return false;
        }
        double jsonQ = 0;
        double yamlQ = 0;
        int jsonAt = Integer.MAX_VALUE;
        int yamlAt = Integer.MAX_VALUE;
        String[] ranges = accept.split(",");
        for (int i = 0; i < ranges.length; i++) {
            String[] parts = ranges[i].split(";");
            String type = parts[0].trim().toLowerCase();
            double q = 1;
            for (int p = 1; p < parts.length; p++) {
                String parameter = parts[p].trim();
                if (parameter.startsWith("q=")) {
                    try {
                        q = Double.parseDouble(parameter.substring(2));
                    } catch (NumberFormatException e) {
                        q = 0;
                    }
                }
            }
            if (YAML_TYPES.contains(type) && (q > yamlQ)) {
                yamlQ = q;
                yamlAt = i;
            } else if (type.equals("application/json") && q > jsonQ) {
                jsonQ = q;
                jsonAt = i;
            }
        }
        return yamlQ > 0 && (yamlQ > jsonQ || (yamlQ == jsonQ && yamlAt < jsonAt));
    }

    private static boolean matches(String ifNoneMatch, String tag) {
        String opaque = tag.substring(2);
        return Arrays.stream(ifNoneMatch.split(",")).map(String::trim)
                .anyMatch(given -> given.equals("*") || given.equals(tag) || given.equals(opaque) || given.equals("W/" + opaque));
    }

    private static String weakTag(byte[] content) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(content);
            return "W/\"" + Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 16)) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JRE", e);
        }
    }
}

package com.example.shop.gateway.edge;

import com.example.shop.gateway.GatewayConfig;
import com.example.shop.gateway.GatewayProblems;
import com.example.shop.problems.Problem;
import com.example.shop.publicapi.RequestIds;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.configuration.DurationConverter;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-client token buckets on the routes a bot uses to hoard stock: create a cart, add a line,
 * change or remove a line, check out. A shopper never comes near them; a client past one gets a
 * 429 problem with {@code Retry-After}. Every answer on a limited route carries the IETF draft's
 * {@code RateLimit-Policy} and {@code RateLimit} headers, so clients can pace themselves.
 *
 * <p>Each gateway replica counts on its own (the buckets live in its memory): behind N replicas
 * that share the traffic evenly, a client gets up to N times the configured rate. The limits are
 * a brake on automated abuse, not an exact quota; the services' own limits (per-cart quantities,
 * the bounded hold) are exact.
 */
final class RateLimits {

    /** A limited kind of request and its rate. */
    record Policy(String name, long requests, Duration per) {

        static Policy parse(String name, String spec) {
            String[] parts = spec.trim().split("/");
            if (parts.length != 2) {
                throw new IllegalArgumentException("gateway.rate-limits." + name + ": '" + spec + "' is not <requests>/<period>, e.g. 10/1m");
            }
            long requests = Long.parseLong(parts[0].trim());
            Duration per = DurationConverter.parseDuration(parts[1].trim());
            if (requests < 1 || per == null || per.isZero() || per.isNegative()) {
                throw new IllegalArgumentException("gateway.rate-limits." + name + ": '" + spec + "' needs at least 1 request per a positive period");
            }
            return new Policy(name, requests, per);
        }

        String header() {
            return "\"" + name + "\";q=" + requests + ";w=" + per.toSeconds();
        }
    }

    private final boolean enabled;
    private final Policy createCart;
    private final Policy addLine;
    private final Policy changeLine;
    private final Policy checkout;
    private final ClientAddress clients;
    private final EdgeAuth auth;
    private final MeterRegistry registry;
    private final Map<String, ClientBucket> buckets = new ConcurrentHashMap<>();

    /** One client's bucket for one policy. */
    private record ClientBucket(Policy policy, Bucket bucket) {

        /** A full bucket is the same as no bucket. */
        boolean isFull() {
            return bucket.getAvailableTokens() >= policy.requests();
        }
    }

    RateLimits(GatewayConfig.RateLimits config, EdgeAuth auth, MeterRegistry registry, Vertx vertx) {
        this.enabled = config.enabled();
        this.createCart = Policy.parse("create-cart", config.createCart());
        this.addLine = Policy.parse("add-line", config.addLine());
        this.changeLine = Policy.parse("change-line", config.changeLine());
        this.checkout = Policy.parse("checkout", config.checkout());
        this.clients = new ClientAddress(config.trustedProxies().orElse(List.of()));
        this.auth = auth;
        this.registry = registry;
        // Forget full buckets, so that memory follows the clients of the last minutes, not every client ever seen.
        vertx.setPeriodic(60_000, id -> buckets.values().removeIf(ClientBucket::isFull));
    }

    /**
     * Counts the request against its client's bucket, if its route is limited; answers the 429 and
     * returns false when the bucket is empty. The headers go on the answer either way.
     */
    boolean admit(HttpServerRequest request, String path) {
        Policy policy = enabled ? policyOf(request.method(), path) : null;
        if (policy == null) {
            return true;
        }
        String client = clientOf(request);
        Bucket bucket = buckets.computeIfAbsent(policy.name() + " " + client, key -> new ClientBucket(policy, newBucket(policy))).bucket();
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        HttpServerResponse response = request.response();
        long resetSeconds = Math.max(1, (probe.getNanosToWaitForReset() + 999_999_999L) / 1_000_000_000L);
        response.putHeader("RateLimit-Policy", policy.header());
        if (probe.isConsumed()) {
            response.putHeader("RateLimit", "\"" + policy.name() + "\";r=" + probe.getRemainingTokens() + ";t=" + resetSeconds);
            return true;
        }
        long retrySeconds = Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
        response.putHeader("RateLimit", "\"" + policy.name() + "\";r=0;t=" + retrySeconds);
        response.putHeader("Retry-After", Long.toString(retrySeconds));
        registry.counter("gateway.rate.limited", "route", policy.name()).increment();
        Problem problem = GatewayProblems.rateLimited(policy.name(), "At most " + policy.requests() + " " + policy.name()
                + " requests per " + describe(policy.per()) + " from one client; retry in " + retrySeconds + " s.");
        response.putHeader(RequestIds.HEADER, request.getHeader(RequestIds.HEADER));
        GatewayProblems.write(response, problem);
        return false;
    }

    /** The policy of a request, by method and path ({@code /api/carts}, {@code /api/carts/{id}/items[/{sku}]}, {@code /api/carts/{id}/checkout}). */
    private Policy policyOf(HttpMethod method, String path) {
        if (!path.startsWith("/api/carts")) {
            return null;
        }
        if (path.equals("/api/carts") || path.equals("/api/carts/")) {
            return method == HttpMethod.POST ? createCart : null;
        }
        String[] parts = path.substring("/api/carts/".length()).split("/");
        if (parts.length == 2 && parts[1].equals("items") && method == HttpMethod.POST) {
            return addLine;
        }
        if (parts.length == 3 && parts[1].equals("items") && (method == HttpMethod.PUT || method == HttpMethod.DELETE)) {
            return changeLine;
        }
        if (parts.length == 2 && parts[1].equals("checkout") && method == HttpMethod.POST) {
            return checkout;
        }
        return null;
    }

    /** An admin token's subject is its own client (an operator's script is not throttled as its address); anyone else is an address. */
    private String clientOf(HttpServerRequest request) {
        String authorization = request.getHeader("Authorization");
        if (authorization != null) {
            String subject = auth.adminSubject(authorization);
            if (subject != null) {
                return "admin:" + subject;
            }
        }
        return clients.of(request);
    }

    private static Bucket newBucket(Policy policy) {
        return Bucket.builder()
                .addLimit(limit -> limit.capacity(policy.requests()).refillGreedy(policy.requests(), policy.per()))
                .build();
    }

    private static String describe(Duration period) {
        long seconds = period.toSeconds();
        if (seconds % 3600 == 0) {
            return seconds == 3600 ? "hour" : seconds / 3600 + " hours";
        }
        if (seconds % 60 == 0) {
            return seconds == 60 ? "minute" : seconds / 60 + " minutes";
        }
        return seconds == 1 ? "second" : seconds + " seconds";
    }
}

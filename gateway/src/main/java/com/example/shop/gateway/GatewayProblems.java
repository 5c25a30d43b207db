package com.example.shop.gateway;

import com.example.shop.problems.Problem;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

/**
 * The problems only the gateway answers (a service that is down, too slow or breaks off, a client
 * over its rate, the API document not built yet), and the one way the gateway writes a problem.
 * The kinds every API shares come from {@link com.example.shop.problems.Problems}.
 */
public final class GatewayProblems {

    /** Writes a problem as its Jackson annotations say (extension members beside the standard ones, nulls left out). */
    private static final ObjectMapper JSON = new ObjectMapper();

    private GatewayProblems() {
    }

    public static Problem noRoute(String path) {
        return Problem.of(404, "not-found", "Not found", "No API route matches " + path);
    }

    public static Problem unavailable(String service) {
        return Problem.of(503, "service-unavailable", "Service unavailable", "The " + service + " service cannot be reached")
                .with("service", service);
    }

    /** The service is up but every connection to it is taken and the queue for one is full or too slow: try again later. */
    public static Problem busy(String service, String why) {
        return Problem.of(503, "service-unavailable", "Service unavailable", "The " + service + " service is busy: " + why)
                .with("service", service);
    }

    public static Problem timeout(String service, long millis) {
        return Problem.of(504, "upstream-timeout", "Gateway timeout",
                "The " + service + " service did not answer within " + millis + " ms").with("service", service);
    }

    public static Problem badGateway(String service) {
        return Problem.of(502, "bad-gateway", "Bad gateway", "The " + service + " service failed to give a complete answer")
                .with("service", service);
    }

    public static Problem rateLimited(String limit, String detail) {
        return Problem.of(429, "rate-limited", "Too many requests", detail).with("limit", limit);
    }

    public static Problem documentUnavailable(String service) {
        return Problem.of(503, "service-unavailable", "Service unavailable",
                "The API document cannot be built: the " + service + " service's document has not been fetched yet")
                .with("service", service);
    }

    /**
     * Writes a problem of the gateway's own; never to be stored by a cache, and a 503 says when to
     * retry ({@code retryAfterSeconds}).
     */
    public static void write(HttpServerResponse response, Problem problem, long retryAfterSeconds) {
        headers(response.setStatusCode(problem.status()).headers(), problem, retryAfterSeconds);
        response.end(json(problem));
    }

    /** The headers of a problem of the gateway's own, its answer written here or by a service's proxy. */
    public static void headers(MultiMap headers, Problem problem, long retryAfterSeconds) {
        headers.set(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .set(HttpHeaders.CACHE_CONTROL, "no-store");
        if (problem.status() == 503) {
            // The service is restarting or gone: tell the client when to come back instead of letting it hammer.
            headers.set(HttpHeaders.RETRY_AFTER, String.valueOf(retryAfterSeconds));
        }
    }

    /** The problem as JSON, the one way the gateway writes it. */
    public static Buffer json(Problem problem) {
        try {
            return Buffer.buffer(JSON.writeValueAsBytes(problem));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a problem holds strings, numbers and maps of them", e);
        }
    }

    /** Writes a problem of the gateway's own that is not a 503 (no {@code Retry-After} to give). */
    public static void write(HttpServerResponse response, Problem problem) {
        if (problem.status() == 503) {
            throw new IllegalArgumentException("a 503 says when to retry: use write(response, problem, retryAfterSeconds)");
        }
        write(response, problem, 0);
    }
}

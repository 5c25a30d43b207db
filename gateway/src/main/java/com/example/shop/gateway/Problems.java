package com.example.shop.gateway;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;

/**
 * RFC 9457 problems written by the gateway itself, in the same shape as the services'
 * ({@code com.example.shop.web.Problem}): type, title, status, detail and extension members.
 * Written directly as JSON because the gateway is a plain Vert.x router, not a REST application.
 */
final class Problems {

    static final String TYPE_BASE = "https://problems.shop.example/";
    static final String MEDIA_TYPE = "application/problem+json";

    private Problems() {
    }

    static JsonObject problem(int status, String slug, String title, String detail) {
        return new JsonObject()
                .put("type", TYPE_BASE + slug)
                .put("title", title)
                .put("status", status)
                .put("detail", detail);
    }

    static JsonObject notFound(String path) {
        return problem(404, "not-found", "Not found", "No API route matches " + path);
    }

    static JsonObject unauthorized(String detail) {
        return problem(401, "unauthorized", "Unauthorized", detail);
    }

    static JsonObject forbidden() {
        return problem(403, "forbidden", "Forbidden", "This token does not grant the admin role this operation needs.");
    }

    static JsonObject tooLarge(long limit) {
        return problem(413, "payload-too-large", "Payload too large",
                "The request body is over the limit of " + limit + " bytes");
    }

    static JsonObject unavailable(String service) {
        return problem(503, "service-unavailable", "Service unavailable",
                "The " + service + " service cannot be reached")
                .put("service", service);
    }

    static JsonObject timeout(String service, long millis) {
        return problem(504, "upstream-timeout", "Gateway timeout",
                "The " + service + " service did not answer within " + millis + " ms")
                .put("service", service);
    }

    static JsonObject badGateway(String service) {
        return problem(502, "bad-gateway", "Bad gateway",
                "The " + service + " service failed to give a complete answer")
                .put("service", service);
    }

    /**
     * Writes a problem of the gateway's own; never to be stored by a cache, and a 503 says when to
     * retry ({@code retryAfterSeconds}).
     */
    static void write(HttpServerResponse response, JsonObject problem, long retryAfterSeconds) {
        int status = problem.getInteger("status");
        response.setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, MEDIA_TYPE)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        if (status == 503) {
            response.putHeader(HttpHeaders.RETRY_AFTER, String.valueOf(retryAfterSeconds));
        }
        response.end(problem.toBuffer());
    }

    /** Writes a problem of the gateway's own that is not a 503 (no {@code Retry-After} to give). */
    static void write(HttpServerResponse response, JsonObject problem) {
        if (problem.getInteger("status") == 503) {
            throw new IllegalArgumentException("a 503 says when to retry: use write(response, problem, retryAfterSeconds)");
        }
        write(response, problem, 0);
    }

    static JsonObject methodNotAllowed(String path) {
        return problem(405, "method-not-allowed", "Method not allowed", "Only GET and HEAD are allowed on " + path);
    }

    static JsonObject invalidField(String field, String detail) {
        return problem(400, "invalid-field", "Invalid field", detail).put("field", field);
    }

    static JsonObject documentUnavailable(String service) {
        return problem(503, "service-unavailable", "Service unavailable",
                "The API document cannot be built: the " + service + " service's document has not been fetched yet")
                .put("service", service);
    }

    static Buffer body(JsonObject problem) {
        return problem.toBuffer();
    }
}

package com.example.shop.gateway.edge;

import com.example.shop.gateway.GatewayConfig;
import com.example.shop.gateway.GatewayProblems;
import com.example.shop.gateway.docs.ApiDocs;
import com.example.shop.gateway.proxy.Exchange;
import com.example.shop.gateway.proxy.Upstream;
import com.example.shop.gateway.proxy.Upstreams;
import com.example.shop.problems.Problem;
import com.example.shop.problems.Problems;
import com.example.shop.publicapi.RequestIds;
import com.example.shop.publicapi.Routes;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

/**
 * The public entry point: mounts {@code /api/*} on the Quarkus Vert.x router and hands each
 * request to the reverse proxy of its service after the edge checks (request id, body limit,
 * admin token). Nothing here blocks or buffers a body.
 */
@ApplicationScoped
public class Gateway {

    private static final Logger LOG = Logger.getLogger(Gateway.class);

    private final GatewayConfig config;
    private final EdgeAuth auth;
    private final ApiDocs apiDocs;
    private final MeterRegistry registry;
    private final Upstreams upstreams;
    private RateLimits rateLimits;
    private BodyLimits bodyLimits;

    public Gateway(GatewayConfig config, EdgeAuth auth, ApiDocs apiDocs, MeterRegistry registry, Upstreams upstreams) {
        this.config = config;
        this.auth = auth;
        this.apiDocs = apiDocs;
        this.registry = registry;
        this.upstreams = upstreams;
    }

    void mount(@Observes Router router, Vertx vertx) {
        BodyLimits limits = new BodyLimits(config.maxBodyBytes(), config.limits().importMaxBodySize().asLongValue());
        bodyLimits = limits;
        upstreams.all().forEach(u -> LOG.infof("gateway: %s -> %s (timeout %d ms; health and docs at %s)", u.name(), u.url(),
                u.timeoutMillis(), u.managementUrl()));
        LOG.infof("gateway: request bodies up to %d bytes, bulk imports up to %d bytes", limits.ordinary(), limits.imports());
        rateLimits = new RateLimits(config.rateLimits(), auth, registry, vertx);
        // Ahead of Quarkus' own body limit (quarkus.http.limits.max-body-size, which answers a bare
        // 413 and applies one size to every path): on /api the gateway applies its own limits, the
        // import's to bulk imports and gateway.max-body-bytes to the rest, and answers problems.
        // CORS and the security filters still run first (their orders are far lower).
        router.route(Routes.API + "/*").order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::handle);
    }

    private void handle(RoutingContext context) {
        HttpServerRequest request = context.request();
        String path = context.normalizedPath();
        if (path.equals(Routes.DOCS) || path.startsWith(Routes.DOCS + "/")) {
            Upstream docs = docsUpstream(path);
            if (docs == null) {
                // Swagger UI itself lives under /api/docs: let the rest of the router serve it (it
                // redirects /api/docs to /api/docs/, where its page's relative links resolve).
                context.next();
                return;
            }
            requestId(request);
            Routes.Route route = Routes.find(path);
            docs.forwardToDocument(request, Exchange.of(request, path, bodyLimits.of(request.method().name(), path),
                    route != null && route.needsAdmin(request.method().name())));
            return;
        }
        String id = requestId(request);
        if (path.equals(Routes.OPENAPI)) {
            apiDocs.handle(context, id);
            return;
        }
        Routes.Route route = Routes.find(path);
        if (route == null) {
            fail(context, id, GatewayProblems.noRoute(path));
            return;
        }
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        long limit = bodyLimits.of(request.method().name(), path);
        if (length != null && tooLarge(length, limit)) {
            context.response().putHeader(HttpHeaders.CONNECTION, "close");
            fail(context, id, Problems.tooLarge(limit).problem());
            return;
        }
        if (!rateLimits.admit(request, path)) {
            return;
        }
        if (route.needsAdmin(request.method().name())) {
            Problem refusal = auth.check(request.getHeader(HttpHeaders.AUTHORIZATION));
            if (refusal != null) {
                if (refusal.status() == 401) {
                    context.response().putHeader("WWW-Authenticate", "Bearer");
                }
                fail(context, id, refusal);
                return;
            }
        }
        if (request.headers().contains(HttpHeaders.EXPECT, HttpHeaders.CONTINUE, true)) {
            // The edge checks passed: ask the client for the body now rather than after its own
            // wait, and do not make the service answer 100 a second time.
            request.response().writeContinue();
            request.headers().remove(HttpHeaders.EXPECT);
        }
        if (length == null && request.version() == HttpVersion.HTTP_2 && mayHaveBody(request.method())) {
            // HTTP/2 has no Transfer-Encoding: without this the proxy would send an HTTP/1.1 body
            // of unknown length unchunked, which Vert.x refuses.
            request.headers().set(HttpHeaders.TRANSFER_ENCODING, HttpHeaders.CHUNKED);
        }
        upstreams.get(route.service()).forward(request, Exchange.of(request, path, limit, route.needsAdmin(request.method().name())));
    }

    private static boolean mayHaveBody(HttpMethod method) {
        return method == HttpMethod.POST || method == HttpMethod.PUT || method == HttpMethod.PATCH;
    }

    private Upstream docsUpstream(String path) {
        // /api/docs/<service>/openapi
        int end = path.indexOf('/', Routes.DOCS.length() + 1);
        if (end < 0 || !path.substring(end).equals("/openapi")) {
            return null;
        }
        return upstreams.get(path.substring(Routes.DOCS.length() + 1, end));
    }

    /**
     * The client's request id when it is valid, a new one otherwise (RequestIds, the rule every
     * service applies too); set on the request to the service, and in the logging MDC, which Quarkus
     * keeps in this request's Vert.x context, so that every log line of the request carries it.
     */
    private static String requestId(HttpServerRequest request) {
        String offered = request.getHeader(RequestIds.HEADER);
        String id = RequestIds.keptOrNew(offered);
        if (!id.equals(offered)) {
            request.headers().set(RequestIds.HEADER, id);
        }
        MDC.put(RequestIds.MDC_KEY, id);
        return id;
    }

    private static boolean tooLarge(String length, long limit) {
        try {
            return Long.parseLong(length.trim()) > limit;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    void fail(RoutingContext context, String id, Problem problem) {
        context.response().putHeader(RequestIds.HEADER, id);
        GatewayProblems.write(context.response(), problem, config.retryAfter().toSeconds());
    }
}

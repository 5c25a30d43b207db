package com.example.shop.gateway;

import com.example.shop.problems.Problems;
import com.example.shop.problems.Problem;
import com.example.shop.publicapi.RequestIds;
import com.example.shop.publicapi.Routes;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.ReadStream;
import io.vertx.httpproxy.Body;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyRequest;
import io.vertx.httpproxy.ProxyResponse;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

/**
 * What the gateway adds around each proxied exchange: the upstream URI (without {@code /api}),
 * a body limit for bodies of unknown length, the request id on the response, one more attempt
 * for a safe request whose pooled connection died under it, and problem answers naming the
 * service when it is down (503), too slow (504) or breaks off (502).
 */
final class ProxyInterceptors implements ProxyInterceptor {

    private static final Logger LOG = Logger.getLogger(ProxyInterceptors.class);
    /** When the last failure was logged, and how many since went unlogged: a service down fails every request. */
    private final AtomicLong lastLogged = new AtomicLong();
    private final AtomicLong unlogged = new AtomicLong();

    static final String CLIENT_REQUEST = "gateway.clientRequest";
    /** Whether the connection the request went out on had carried an earlier request. */
    static final String REUSED_CONNECTION = "gateway.reusedConnection";
    private static final String TOO_LARGE = "gateway.tooLarge";
    /** The W3C trace context headers (traceparent, tracestate), as OpenTelemetry's propagator names them. */
    private static final Collection<String> TRACE_CONTEXT = W3CTraceContextPropagator.getInstance().fields();
    private static final Handler<Throwable> IGNORE = failure -> { };

    private final Upstream upstream;
    private final Function<HttpServerRequest, String> uri;
    private final BodyLimits bodyLimits;

    ProxyInterceptors(Upstream upstream, Function<HttpServerRequest, String> uri, BodyLimits bodyLimits) {
        this.upstream = upstream;
        this.uri = uri;
        this.bodyLimits = bodyLimits;
    }

    @Override
    public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
        ProxyRequest request = context.request();
        HttpServerRequest client = request.proxiedRequest();
        request.setURI(uri.apply(client));
        // The client's trace context is the parent of the gateway's span, not of the service's: Quarkus'
        // Vert.x tracing adds the gateway's own traceparent (and tracestate) to the request it sends, and
        // the proxy would send the client's as well, which the service read first (its span then hung
        // under the client's, beside the gateway's instead of below it).
        TRACE_CONTEXT.forEach(request.headers()::remove);
        boolean bodyless = !hasBody(client);
        if (bodyless) {
            // The proxy always gives a request a body stream; one that has none is sent without it,
            // so that it can be sent again. Resuming lets the (empty) request end on the client side.
            client.resume();
            request.setBody(null);
        }
        Body body = request.getBody();
        if (body != null) {
            // The upstream timeout starts once the whole request is sent (a slow upload is not a slow
            // service); a body of unknown length (chunked) is counted against the limit while it streams
            // (the import's limit for a bulk import). The body is piped, never held: the client is
            // read only as fast as the service takes it.
            long maxBodyBytes = bodyLimits.of(client);
            boolean limited = body.length() < 0 && maxBodyBytes > 0
                    && request.proxiedRequest().headers().contains(HttpHeaders.TRANSFER_ENCODING);
            request.setBody(Body.body(new ForwardedBody(context, body.stream(), limited ? maxBodyBytes : Long.MAX_VALUE),
                    body.length()));
        }
        Future<ProxyResponse> answer = context.sendRequest();
        boolean safe = bodyless && (request.getMethod() == HttpMethod.GET || request.getMethod() == HttpMethod.HEAD);
        if (safe) {
            answer = answer.recover(failure -> lostOnReusedConnection(context, failure) && !client.response().closed()
                    ? upstream.resend(context) // not for a client that left: nobody would read the answer
                    : Future.failedFuture(failure));
        }
        return answer.recover(failure -> Future.succeededFuture(problem(context, failure, safe)));
    }

    private static boolean hasBody(HttpServerRequest request) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        return request.headers().contains(HttpHeaders.TRANSFER_ENCODING)
                || (length != null && !length.trim().equals("0"));
    }

    /**
     * A kept-alive connection was closed (or reset) before any answer to this request arrived:
     * the service closed an idle connection just as the gateway reused it, or it restarted; or the
     * gateway itself closed it under this request. The last happens whenever clients leave with
     * answers on their way: the proxy then resets their requests to the service, and Vert.x 4.5
     * carries out the reset of a request whose answer has begun by closing its connection, even
     * once that answer has ended and the connection has moved on to another exchange
     * (eclipse-vertx/vert.x#6294; {@link FinishedExchangeGuard} catches only the resets it can see
     * come after the end). In the edge scenario each stop of the load generator broke a few of the
     * next clients' requests that way. Nothing was answered, so a safe request may go again. A
     * timeout is not such a loss: the service may still be working on it.
     */
    private static boolean lostOnReusedConnection(ProxyContext context, Throwable failure) {
        return Boolean.TRUE.equals(context.get(REUSED_CONNECTION, Boolean.class))
                && !causedBy(failure, TimeoutException.class)
                && (causedBy(failure, HttpClosedException.class) || causedBy(failure, IOException.class));
    }

    @Override
    public Future<Void> handleProxyResponse(ProxyContext context) {
        ProxyResponse response = context.response();
        HttpServerRequest original = context.request().proxiedRequest();
        response.headers().set(RequestIds.HEADER, original.getHeader(RequestIds.HEADER))
                // Hop-by-hop: the service's connection handling is not the client's.
                .remove(HttpHeaders.CONNECTION)
                .remove(HttpHeaders.KEEP_ALIVE);
        if (original.headers().contains(HttpHeaders.ORIGIN)) {
            // CORS is the gateway's business: keep only the headers its own CORS filter already set.
            response.headers().remove(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN)
                    .remove(HttpHeaders.ACCESS_CONTROL_ALLOW_CREDENTIALS)
                    .remove(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS);
        }
        String location = response.headers().get(HttpHeaders.LOCATION);
        if (location != null) {
            // The service names its resources on its own host and paths; the client knows only /api/...
            response.headers().set(HttpHeaders.LOCATION,
                    PublicLocation.of(location, upstream.name, upstream.authority(), original.getHeader(HttpHeaders.HOST)));
        }
        if (response.getStatusCode() == 503 && !isProblem(response.headers().get(HttpHeaders.CONTENT_TYPE))) {
            // A service that is shutting down (or not up yet) answers a bare 503 of its own: the
            // client gets the gateway's problem instead, which names the service and says when to retry.
            String requestId = response.headers().get(RequestIds.HEADER);
            Problem problem = GatewayProblems.unavailable(upstream.name);
            response.release().setStatusCode(problem.status())
                    .putHeader(RequestIds.HEADER, requestId)
                    .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                    .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                    .putHeader(HttpHeaders.RETRY_AFTER, String.valueOf(upstream.retryAfterSeconds))
                    .setBody(Body.body(GatewayProblems.json(problem)));
            return context.sendResponse();
        }
        if (!response.headers().contains(HttpHeaders.CACHE_CONTROL) && isAdmin(original)) {
            // An admin answer is for the admin who asked: no shared cache keeps it, whatever the service forgot to say.
            response.headers().set(HttpHeaders.CACHE_CONTROL, "private, no-store");
        }
        return context.sendResponse();
    }

    private static boolean isProblem(String contentType) {
        return contentType != null && contentType.regionMatches(true, 0, Problem.MEDIA_TYPE, 0, Problem.MEDIA_TYPE.length());
    }

    private static boolean isAdmin(HttpServerRequest request) {
        Routes.Route route = Routes.find(io.vertx.core.http.impl.HttpUtils.normalizePath(request.path()));
        return route != null && route.needsAdmin(request.method().name());
    }

    /**
     * The gateway's answer when the service gave none. A safe request (GET, HEAD) whose connection
     * was closed without an answer, even after its one repetition, met a service that is going away
     * (a stop or a rolling restart closes its connections): 503 with Retry-After, like a refused
     * connection. Any other request gets 502, since the service may have acted on it.
     */
    private ProxyResponse problem(ProxyContext context, Throwable failure, boolean safe) {
        Problem problem;
        Long limit = context.get(TOO_LARGE, Long.class);
        if (limit != null) {
            problem = Problems.tooLarge(limit).problem();
        } else if (causedBy(failure, TimeoutException.class)) {
            problem = GatewayProblems.timeout(upstream.name, upstream.timeoutMillis);
        } else if (causedBy(failure, ConnectionWaitQueue.Busy.class)) {
            problem = GatewayProblems.busy(upstream.name, cause(failure, ConnectionWaitQueue.Busy.class).getMessage());
        } else if (causedBy(failure, ConnectException.class) || causedBy(failure, UnknownHostException.class)
                || (safe && (causedBy(failure, HttpClosedException.class) || causedBy(failure, IOException.class)))) {
            problem = GatewayProblems.unavailable(upstream.name);
        } else {
            problem = GatewayProblems.badGateway(upstream.name);
        }
        logged(context, problem.status(), failure);
        ProxyResponse response = context.request().release().response();
        response.headers().clear();
        response.setStatusCode(problem.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        if (problem.status() == 503) {
            // The service is restarting or gone: tell the client when to come back instead of letting it hammer.
            response.putHeader(HttpHeaders.RETRY_AFTER, String.valueOf(upstream.retryAfterSeconds));
        }
        return response.setBody(Body.body(GatewayProblems.json(problem)));
    }

    /**
     * Says why the service gave no answer, in one line with the request id, so that an operator can
     * tell a refused or timed-out connect from a connection closed under the request; at most one line
     * a second, with the count of those not logged since.
     */
    private void logged(ProxyContext context, int status, Throwable failure) {
        long now = System.currentTimeMillis();
        long last = lastLogged.get();
        if (now - last < 1000 || !lastLogged.compareAndSet(last, now)) {
            unlogged.incrementAndGet();
            return;
        }
        HttpServerRequest original = context.request().proxiedRequest();
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        // The failure is reported on the service connection's context, whose logging context may hold
        // another request's id (the last one it carried): the line gets this exchange's.
        String requestId = original.getHeader(RequestIds.HEADER);
        Object before = MDC.put(RequestIds.MDC_KEY, requestId);
        try {
            LOG.warnf("%s %s: %d, the %s service gave no answer: %s (root: %s); %d more not logged since",
                    original.method(), original.path(), status, upstream.name, failure, root, unlogged.getAndSet(0));
        } finally {
            if (before == null) {
                MDC.remove(RequestIds.MDC_KEY);
            } else {
                MDC.put(RequestIds.MDC_KEY, before);
            }
        }
    }

    /** The first of {@code failure}'s causes (itself included) that is a {@code type}, or null. */
    private static Throwable cause(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return t;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        return cause(failure, type) != null;
    }

    /**
     * The client's body on its way to the service: counted against the limit, and when it has all
     * been read, the service's timeout starts.
     */
    final class ForwardedBody implements ReadStream<Buffer> {
        private final ProxyContext context;
        private final ReadStream<Buffer> source;
        private final long limit;
        private long seen;
        private boolean exceeded;

        ForwardedBody(ProxyContext context, ReadStream<Buffer> source, long limit) {
            this.context = context;
            this.source = source;
            this.limit = limit;
        }

        @Override
        public ReadStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
            source.exceptionHandler(handler);
            return this;
        }

        @Override
        public ReadStream<Buffer> handler(Handler<Buffer> handler) {
            if (handler == null) {
                source.handler(null);
                return this;
            }
            source.handler(buffer -> {
                if (exceeded) {
                    return;
                }
                seen += buffer.length();
                if (seen > limit) {
                    exceeded = true;
                    // Drop the rest of the client's body and abort the request to the service, so
                    // that it never processes a truncated body.
                    source.resume();
                    context.set(TOO_LARGE, limit);
                    HttpClientRequest upstreamRequest = context.get(CLIENT_REQUEST, HttpClientRequest.class);
                    if (upstreamRequest != null) {
                        upstreamRequest.exceptionHandler(IGNORE);
                        upstreamRequest.reset(0, new IllegalStateException("request body over the limit"));
                    }
                    return;
                }
                handler.handle(buffer);
            });
            return this;
        }

        @Override
        public ReadStream<Buffer> pause() {
            if (!exceeded) {
                source.pause();
            }
            return this;
        }

        @Override
        public ReadStream<Buffer> resume() {
            source.resume();
            return this;
        }

        @Override
        public ReadStream<Buffer> fetch(long amount) {
            source.fetch(amount);
            return this;
        }

        @Override
        public ReadStream<Buffer> endHandler(Handler<Void> endHandler) {
            if (endHandler == null) {
                source.endHandler(null);
                return this;
            }
            source.endHandler(end -> {
                HttpClientRequest upstreamRequest = context.get(CLIENT_REQUEST, HttpClientRequest.class);
                // Not when the service has already answered (it may answer before the upload
                // ends): Vert.x cancels the timer only when the answer arrives, so one armed later
                // would outlive this exchange and reset whatever request the pooled connection
                // carries next - a spurious 502.
                if (upstreamRequest != null && !exceeded && !upstreamRequest.response().isComplete()) {
                    upstreamRequest.idleTimeout(upstream.timeoutMillis);
                }
                endHandler.handle(end);
            });
            return this;
        }
    }
}

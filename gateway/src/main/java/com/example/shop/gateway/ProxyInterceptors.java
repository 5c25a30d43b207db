package com.example.shop.gateway;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.ReadStream;
import io.vertx.httpproxy.Body;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyRequest;
import io.vertx.httpproxy.ProxyResponse;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * What the gateway adds around each proxied exchange: the upstream URI (without {@code /api}),
 * a body limit for bodies of unknown length, the request id on the response, and problem
 * answers naming the service when it is down (503), too slow (504) or breaks off (502).
 */
final class ProxyInterceptors implements ProxyInterceptor {

    static final String CLIENT_REQUEST = "gateway.clientRequest";
    private static final String TOO_LARGE = "gateway.tooLarge";
    private static final Handler<Throwable> IGNORE = failure -> { };

    private final Upstream upstream;
    private final Function<HttpServerRequest, String> uri;
    private final long maxBodyBytes;

    ProxyInterceptors(Upstream upstream, Function<HttpServerRequest, String> uri, long maxBodyBytes) {
        this.upstream = upstream;
        this.uri = uri;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
        ProxyRequest request = context.request();
        request.setURI(uri.apply(request.proxiedRequest()));
        Body body = request.getBody();
        if (body != null && body.length() < 0 && maxBodyBytes > 0
                && request.proxiedRequest().headers().contains(HttpHeaders.TRANSFER_ENCODING)) {
            // Length unknown up front (chunked): count while streaming, abort the upstream request past the limit.
            request.setBody(Body.body(new LimitedStream(body.stream(), maxBodyBytes, () -> {
                context.set(TOO_LARGE, Boolean.TRUE);
                HttpClientRequest upstreamRequest = context.get(CLIENT_REQUEST, HttpClientRequest.class);
                if (upstreamRequest != null) {
                    upstreamRequest.exceptionHandler(IGNORE);
                    upstreamRequest.reset(0, new IllegalStateException("request body over the limit"));
                }
            }), -1));
        }
        return context.sendRequest().recover(failure -> Future.succeededFuture(problem(context, failure)));
    }

    @Override
    public Future<Void> handleProxyResponse(ProxyContext context) {
        ProxyResponse response = context.response();
        HttpServerRequest original = context.request().proxiedRequest();
        response.headers().set(Gateway.REQUEST_ID, original.getHeader(Gateway.REQUEST_ID))
                // Hop-by-hop: the service's connection handling is not the client's.
                .remove(HttpHeaders.CONNECTION)
                .remove(HttpHeaders.KEEP_ALIVE);
        if (original.headers().contains(HttpHeaders.ORIGIN)) {
            // CORS is the gateway's business: keep only the headers its own CORS filter already set.
            response.headers().remove(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN)
                    .remove(HttpHeaders.ACCESS_CONTROL_ALLOW_CREDENTIALS)
                    .remove(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS);
        }
        return context.sendResponse();
    }

    private ProxyResponse problem(ProxyContext context, Throwable failure) {
        JsonObject problem;
        if (context.get(TOO_LARGE, Boolean.class) != null) {
            problem = Problems.tooLarge(maxBodyBytes);
        } else if (causedBy(failure, TimeoutException.class)) {
            problem = Problems.timeout(upstream.name, upstream.timeoutMillis);
        } else if (causedBy(failure, ConnectException.class) || causedBy(failure, UnknownHostException.class)) {
            problem = Problems.unavailable(upstream.name);
        } else {
            problem = Problems.badGateway(upstream.name);
        }
        ProxyResponse response = context.request().release().response();
        response.headers().clear();
        return response.setStatusCode(problem.getInteger("status"))
                .putHeader(HttpHeaders.CONTENT_TYPE, Problems.MEDIA_TYPE)
                .setBody(Body.body(problem.toBuffer()));
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /** Passes a body through while counting it; past the limit it drops the rest and signals once. */
    static final class LimitedStream implements ReadStream<Buffer> {
        private final ReadStream<Buffer> source;
        private final long limit;
        private final Runnable onExceeded;
        private long seen;
        private boolean exceeded;

        LimitedStream(ReadStream<Buffer> source, long limit, Runnable onExceeded) {
            this.source = source;
            this.limit = limit;
            this.onExceeded = onExceeded;
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
                    // Drain the rest of the client's body without forwarding it.
                    source.resume();
                    onExceeded.run();
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
            source.endHandler(endHandler);
            return this;
        }
    }
}

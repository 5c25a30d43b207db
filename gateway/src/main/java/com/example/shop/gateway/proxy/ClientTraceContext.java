package com.example.shop.gateway.proxy;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.vertx.core.Future;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyResponse;
import java.util.Collection;

/**
 * The client's trace context stays at the gateway: it is the parent of the gateway's span, not of
 * the service's. Quarkus' Vert.x tracing adds the gateway's own traceparent (and tracestate) to
 * the request it sends, and the proxy would send the client's as well, which the service read
 * first (its span then hung under the client's, beside the gateway's instead of below it).
 */
final class ClientTraceContext implements ProxyInterceptor {

    static final ClientTraceContext DROPPED = new ClientTraceContext();

    /** The W3C trace context headers (traceparent, tracestate), as OpenTelemetry's propagator names them. */
    private static final Collection<String> HEADERS = W3CTraceContextPropagator.getInstance().fields();

    private ClientTraceContext() {
    }

    @Override
    public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
        HEADERS.forEach(context.request().headers()::remove);
        return context.sendRequest();
    }
}

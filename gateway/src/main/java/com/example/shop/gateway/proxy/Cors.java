package com.example.shop.gateway.proxy;

import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;

/**
 * CORS is the gateway's business: the answer to a request with an {@code Origin} keeps only the
 * CORS headers the gateway's own filter set ({@code quarkus.http.cors.*}), none of the service's.
 */
final class Cors implements ProxyInterceptor {

    static final Cors GATEWAYS_ONLY = new Cors();

    private Cors() {
    }

    @Override
    public Future<Void> handleProxyResponse(ProxyContext context) {
        if (context.request().proxiedRequest().headers().contains(HttpHeaders.ORIGIN)) {
            context.response().headers()
                    .remove(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN)
                    .remove(HttpHeaders.ACCESS_CONTROL_ALLOW_CREDENTIALS)
                    .remove(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS);
        }
        return context.sendResponse();
    }
}

package com.example.shop.gateway.proxy;

import io.vertx.core.http.HttpClientRequest;
import io.vertx.httpproxy.ProxyContext;

/**
 * The request to the service that an exchange went out on, kept in the exchange's proxy context
 * ({@link Upstream} records it when the connection comes), and whether that connection had
 * carried an earlier request.
 */
final class SentRequest {

    private static final String REQUEST = "gateway.clientRequest";
    private static final String REUSED_CONNECTION = "gateway.reusedConnection";

    private SentRequest() {
    }

    static void record(ProxyContext context, HttpClientRequest request, boolean reusedConnection) {
        context.set(REQUEST, request);
        context.set(REUSED_CONNECTION, reusedConnection);
    }

    /** The request to the service, or null while the exchange waits for a connection. */
    static HttpClientRequest of(ProxyContext context) {
        return context.get(REQUEST, HttpClientRequest.class);
    }

    static boolean onReusedConnection(ProxyContext context) {
        return Boolean.TRUE.equals(context.get(REUSED_CONNECTION, Boolean.class));
    }
}

package com.example.shop.gateway.proxy;

import com.example.shop.publicapi.Routes;
import io.vertx.core.Future;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyResponse;

/** The URI a service is sent for an exchange: its API path without {@code /api}, or its API document. */
final class UpstreamUris implements ProxyInterceptor {

    private final String uri;

    private UpstreamUris(String uri) {
        this.uri = uri;
    }

    /** {@code /api/products/x?q=1} becomes {@code /products/x?q=1}; {@code path} is normalized (dot segments resolved). */
    static UpstreamUris api(String path, String query) {
        String stripped = path.substring(Routes.API.length());
        return new UpstreamUris(query == null ? stripped : stripped + "?" + query);
    }

    /** The service's own OpenAPI document, at {@code /q/openapi} on its management address. */
    static UpstreamUris document(String query) {
        return new UpstreamUris("/q/openapi" + (query == null ? "" : "?" + query));
    }

    @Override
    public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
        context.request().setURI(uri);
        return context.sendRequest();
    }
}

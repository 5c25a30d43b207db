package com.example.shop.gateway.proxy;

import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;

/**
 * An admin answer is for the admin who asked: no shared cache keeps it, whatever the service
 * forgot to say. A step of the exchanges on admin routes only.
 */
final class CacheControlRewrite implements ProxyInterceptor {

    static final CacheControlRewrite PRIVATE = new CacheControlRewrite();

    private CacheControlRewrite() {
    }

    @Override
    public Future<Void> handleProxyResponse(ProxyContext context) {
        if (!context.response().headers().contains(HttpHeaders.CACHE_CONTROL)) {
            context.response().headers().set(HttpHeaders.CACHE_CONTROL, "private, no-store");
        }
        return context.sendResponse();
    }
}

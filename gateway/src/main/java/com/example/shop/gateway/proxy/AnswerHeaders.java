package com.example.shop.gateway.proxy;

import com.example.shop.publicapi.RequestIds;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;

/** Every answer carries the request's id, and none of the service's hop-by-hop headers: its connection handling is not the client's. */
final class AnswerHeaders implements ProxyInterceptor {

    static final AnswerHeaders SET = new AnswerHeaders();

    private AnswerHeaders() {
    }

    @Override
    public Future<Void> handleProxyResponse(ProxyContext context) {
        context.response().headers()
                .set(RequestIds.HEADER, context.request().proxiedRequest().getHeader(RequestIds.HEADER))
                .remove(HttpHeaders.CONNECTION)
                .remove(HttpHeaders.KEEP_ALIVE);
        return context.sendResponse();
    }
}

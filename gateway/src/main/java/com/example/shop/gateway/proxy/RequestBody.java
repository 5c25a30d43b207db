package com.example.shop.gateway.proxy;

import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.httpproxy.Body;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyRequest;
import io.vertx.httpproxy.ProxyResponse;

/**
 * The client's body as the service gets it. A request that has none is sent without a body stream
 * (the proxy always gives it one), so that it can be sent again; resuming lets the empty request
 * end on the client side. A body is piped, never held: the client is read only as fast as the
 * service takes it, a body of unknown length (chunked) counted against the exchange's limit
 * ({@link BodyLimit}; a bulk import's for an import).
 */
final class RequestBody implements ProxyInterceptor {

    private final Exchange exchange;
    private final AnswerTimeout timeout;

    RequestBody(Exchange exchange, AnswerTimeout timeout) {
        this.exchange = exchange;
        this.timeout = timeout;
    }

    @Override
    public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
        ProxyRequest request = context.request();
        HttpServerRequest client = request.proxiedRequest();
        if (exchange.bodyless()) {
            client.resume();
            request.setBody(null);
        }
        Body body = request.getBody();
        if (body != null) {
            long max = exchange.maxBodyBytes();
            boolean limited = body.length() < 0 && max > 0 && client.headers().contains(HttpHeaders.TRANSFER_ENCODING);
            request.setBody(Body.body(new BodyLimit(context, body.stream(), limited ? max : Long.MAX_VALUE, timeout),
                    body.length()));
        }
        return context.sendRequest();
    }
}

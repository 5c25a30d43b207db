package com.example.shop.gateway.proxy;

import io.vertx.core.http.HttpClientRequest;
import io.vertx.httpproxy.ProxyContext;

/**
 * The wait for the service's answer ({@code gateway.upstreams.<service>.timeout}) starts once the
 * whole request has been sent, so that a slow upload is not a slow service: when the connection
 * comes for a request without a body, when its body has been read to the end otherwise.
 */
final class AnswerTimeout {

    private final long millis;

    AnswerTimeout(long millis) {
        this.millis = millis;
    }

    /** The exchange got its request to the service ({@code request}): one without a body is sent whole now. */
    void connected(ProxyContext context, HttpClientRequest request) {
        if (context.request().getBody() == null) {
            request.idleTimeout(millis);
        }
    }

    /** The client's body has been read to its end, within its limit. */
    void bodyRead(ProxyContext context) {
        HttpClientRequest request = SentRequest.of(context);
        // Not when the service has already answered (it may answer before the upload ends): Vert.x
        // cancels the timer only when the answer arrives, so one armed later would outlive this
        // exchange and reset whatever request the pooled connection carries next - a spurious 502.
        if (request != null && !request.response().isComplete()) {
            request.idleTimeout(millis);
        }
    }
}

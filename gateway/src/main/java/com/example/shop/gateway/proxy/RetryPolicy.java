package com.example.shop.gateway.proxy;

import io.vertx.core.Future;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyResponse;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * One more attempt, on a connection of its own, for a safe request (GET or HEAD without a body;
 * the only exchanges this step is added to) that was lost on a reused connection: one that was
 * closed (or reset) before any answer to it arrived. The service closed an idle connection just as
 * the gateway reused it, or it restarted; or the gateway itself closed it under this request. The
 * last happens whenever clients leave with answers on their way: the proxy then resets their
 * requests to the service, and Vert.x 4.5 carries out the reset of a request whose answer has
 * begun by closing its connection, even once that answer has ended and the connection has moved
 * on to another exchange (eclipse-vertx/vert.x#6294; {@link FinishedExchangeGuard} catches only
 * the resets it can see come after the end). Nothing was answered, so a safe request may go again.
 * A timeout is not such a loss: the service may still be working on it.
 */
final class RetryPolicy implements ProxyInterceptor {

    private final Function<ProxyContext, Future<ProxyResponse>> resend;

    RetryPolicy(Function<ProxyContext, Future<ProxyResponse>> resend) {
        this.resend = resend;
    }

    @Override
    public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
        HttpServerRequest client = context.request().proxiedRequest();
        return context.sendRequest().recover(failure -> lostOnReusedConnection(context, failure) && !client.response().closed()
                ? resend.apply(context) // not for a client that left: nobody would read the answer
                : Future.failedFuture(failure));
    }

    private static boolean lostOnReusedConnection(ProxyContext context, Throwable failure) {
        return SentRequest.onReusedConnection(context)
                && !Causes.any(failure, TimeoutException.class)
                && (Causes.any(failure, HttpClosedException.class) || Causes.any(failure, IOException.class));
    }
}

package com.example.shop.gateway.proxy;

import com.example.shop.gateway.GatewayProblems;
import com.example.shop.problems.Problem;
import com.example.shop.problems.Problems;
import com.example.shop.publicapi.RequestIds;
import io.vertx.core.Future;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.httpproxy.Body;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyResponse;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;
import org.jboss.logging.Logger;

/**
 * The gateway's problem, naming the service, where the service gave no answer or a bare 503. A
 * body over its limit is a 413; a service too slow a 504; one whose connections are all taken a
 * 503 that says it is busy. A service that refused the connection, or one that closed the
 * connection of a safe request (GET, HEAD) without an answer, even after its one repetition, is
 * going away (a stop or a rolling restart closes its connections): a 503 with Retry-After. Any
 * other request gets a 502, since the service may have acted on it.
 */
final class UpstreamProblems implements ProxyInterceptor {

    private static final Logger LOG = Logger.getLogger(UpstreamProblems.class);

    private final Upstream upstream;
    private final ThrottledLog log;
    private final boolean safe;

    UpstreamProblems(Upstream upstream, ThrottledLog log, boolean safe) {
        this.upstream = upstream;
        this.log = log;
        this.safe = safe;
    }

    /** Where the exchanges of one proxy that got no answer are logged: one line a second at most. */
    static ThrottledLog noAnswerLog() {
        return new ThrottledLog(LOG);
    }

    @Override
    public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
        return context.sendRequest().recover(failure -> Future.succeededFuture(noAnswer(context, failure)));
    }

    @Override
    public Future<Void> handleProxyResponse(ProxyContext context) {
        ProxyResponse response = context.response();
        if (response.getStatusCode() == 503 && !isProblem(response.headers().get(HttpHeaders.CONTENT_TYPE))) {
            // A service that is shutting down (or not up yet) answers a bare 503 of its own: the
            // client gets the gateway's problem instead, which names the service and says when to retry.
            answer(response.release().putHeader(RequestIds.HEADER, requestId(context)), GatewayProblems.unavailable(upstream.name()));
        }
        return context.sendResponse();
    }

    private ProxyResponse noAnswer(ProxyContext context, Throwable failure) {
        Problem problem = problem(context, failure);
        HttpServerRequest original = context.request().proxiedRequest();
        log.warn(requestId(context), unlogged -> String.format(
                "%s %s: %d, the %s service gave no answer: %s (root: %s); %d more not logged since",
                original.method(), original.path(), problem.status(), upstream.name(), failure, Causes.root(failure), unlogged));
        ProxyResponse response = context.request().release().response();
        response.headers().clear();
        return answer(response, problem);
    }

    private Problem problem(ProxyContext context, Throwable failure) {
        Long limit = BodyLimit.exceeded(context);
        if (limit != null) {
            return Problems.tooLarge(limit).problem();
        }
        if (Causes.any(failure, TimeoutException.class)) {
            return GatewayProblems.timeout(upstream.name(), upstream.timeoutMillis());
        }
        ConnectionWaitQueue.Busy busy = Causes.find(failure, ConnectionWaitQueue.Busy.class);
        if (busy != null) {
            return GatewayProblems.busy(upstream.name(), busy.getMessage());
        }
        if (Causes.any(failure, ConnectException.class) || Causes.any(failure, UnknownHostException.class)
                || (safe && (Causes.any(failure, HttpClosedException.class) || Causes.any(failure, IOException.class)))) {
            return GatewayProblems.unavailable(upstream.name());
        }
        return GatewayProblems.badGateway(upstream.name());
    }

    private ProxyResponse answer(ProxyResponse response, Problem problem) {
        response.setStatusCode(problem.status());
        GatewayProblems.headers(response.headers(), problem, upstream.retryAfterSeconds());
        return response.setBody(Body.body(GatewayProblems.json(problem)));
    }

    private static String requestId(ProxyContext context) {
        return context.request().proxiedRequest().getHeader(RequestIds.HEADER);
    }

    private static boolean isProblem(String contentType) {
        return contentType != null && contentType.regionMatches(true, 0, Problem.MEDIA_TYPE, 0, Problem.MEDIA_TYPE.length());
    }
}

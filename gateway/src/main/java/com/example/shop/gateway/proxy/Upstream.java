package com.example.shop.gateway.proxy;

import com.example.shop.gateway.GatewayConfig;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.httpproxy.HttpProxy;
import io.vertx.httpproxy.OriginRequestProvider;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyResponse;
import java.net.ConnectException;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One service behind the gateway: a pooled keep-alive HTTP client created once at startup, and
 * the reverse proxy of each exchange on top of it ({@link #forward}, and {@link #forwardToDocument}
 * for its OpenAPI document). The OpenAPI document and the readiness probe go to the service's
 * management address, which in production is another port than its API ({@code management-url}).
 *
 * <p>A pooled connection can die between two requests (the service restarted, or closed it just
 * as the gateway reused it). A request that has no body and is safe to repeat is then sent once
 * more on a connection of its own ({@link #resend}); see {@link RetryPolicy}.
 */
public final class Upstream {

    /** Where an exchange's proxy context keeps the address its request goes to, for a repetition. */
    private static final String ORIGIN = "gateway.origin";

    private final String name;
    private final HttpClient client;
    /** Opens a new connection per request: where a request that failed on a reused one is sent again. */
    private final HttpClient freshClient;
    /** Connections that have not carried a request yet; a failure on any other one is a failure on a reused connection. */
    private final Set<HttpConnection> unused = ConcurrentHashMap.newKeySet();
    private final long timeoutMillis;
    /** Retry-After of this gateway's 503 answers for the service. */
    private final long retryAfterSeconds;
    private final SocketAddress address;
    private final String host;
    private final int port;
    private final boolean ssl;
    private final Vertx vertx;
    private final RequestOptions requestOptions;
    /** Longest wait for a connection: a new one's TCP connect, or a free one of the pool. */
    private final long connectMillis;
    /** The API's exchanges waiting for a pooled connection. */
    private final ConnectionWaitQueue apiQueue;
    /** The service's management interface ({@code /q/health/ready}, {@code /q/openapi}); its API address when it has none. */
    private final SocketAddress managementAddress;
    private final String managementHost;
    private final int managementPort;
    private final boolean managementSsl;
    private final RequestOptions docsOptions;
    private final OriginRequestProvider apiOrigin;
    private final OriginRequestProvider docsOrigin;
    private final AnswerTimeout answerTimeout;
    private final RetryPolicy retryPolicy;
    private final LocationRewrite locationRewrite;
    /** The failures of API exchanges, and of document exchanges, each logged once a second at most. */
    private final ThrottledLog apiLog = UpstreamProblems.noAnswerLog();
    private final ThrottledLog docsLog = UpstreamProblems.noAnswerLog();

    Upstream(Vertx vertx, String name, GatewayConfig.Upstream config, long retryAfterSeconds) {
        this.vertx = vertx;
        this.name = name;
        this.retryAfterSeconds = retryAfterSeconds;
        URI url = URI.create(config.url());
        this.ssl = "https".equalsIgnoreCase(url.getScheme());
        this.host = url.getHost();
        this.port = url.getPort() > 0 ? url.getPort() : (ssl ? 443 : 80);
        this.address = SocketAddress.inetSocketAddress(port, host);
        this.timeoutMillis = config.timeout().toMillis();
        this.connectMillis = config.connectTimeout().toMillis();
        HttpClientOptions options = new HttpClientOptions()
                .setKeepAlive(true)
                .setKeepAliveTimeout(60)
                .setConnectTimeout((int) connectMillis)
                .setTcpNoDelay(true)
                .setSsl(ssl)
                .setDecompressionSupported(false)
                .setName("gateway-" + name);
        PoolOptions pool = new PoolOptions().setHttp1MaxSize(config.poolSize()).setMaxWaitQueueSize(4096);
        this.client = vertx.httpClientBuilder().with(options).with(pool)
                .withConnectHandler(connection -> {
                    unused.add(connection);
                    connection.closeHandler(closed -> unused.remove(connection));
                })
                .build();
        // As many connections as the pool: after a burst of lost connections (clients leaving, a
        // restart) every repetition has its own at once; Vert.x's default of 5 queued them past the wait.
        this.freshClient = vertx.httpClientBuilder().with(new HttpClientOptions(options).setKeepAlive(false)
                .setName("gateway-" + name + "-fresh")).with(new PoolOptions().setHttp1MaxSize(config.poolSize())).build();
        // One options object for every request: no per-request allocation, and it is only read.
        this.requestOptions = new RequestOptions()
                .setServer(address)
                .setHost(host)
                .setPort(port)
                .setSsl(ssl);
        URI management = URI.create(config.managementUrl().orElse(config.url()));
        this.managementSsl = "https".equalsIgnoreCase(management.getScheme());
        this.managementHost = management.getHost();
        this.managementPort = management.getPort() > 0 ? management.getPort() : (managementSsl ? 443 : 80);
        this.managementAddress = SocketAddress.inetSocketAddress(managementPort, managementHost);
        this.docsOptions = new RequestOptions(requestOptions)
                .setServer(managementAddress).setHost(managementHost).setPort(managementPort).setSsl(managementSsl);
        this.apiQueue = new ConnectionWaitQueue(vertx, () -> client.request(requestOptions), name, connectMillis, config.maxWaiting());
        this.apiOrigin = context -> originRequest(context, requestOptions);
        this.docsOrigin = context -> originRequest(context, docsOptions);
        this.answerTimeout = new AnswerTimeout(timeoutMillis);
        this.retryPolicy = new RetryPolicy(this::resend);
        this.locationRewrite = new LocationRewrite(name, host + ":" + port);
    }

    /** Sends {@code request} to the service's API, as the edge passed it ({@code exchange}), and its answer back. */
    public void forward(HttpServerRequest request, Exchange exchange) {
        proxy(apiOrigin, UpstreamUris.api(exchange.path(), request.query()), exchange, apiLog).handle(request);
    }

    /** Sends {@code request} to the service's own OpenAPI document, on its management address, and its answer back. */
    public void forwardToDocument(HttpServerRequest request, Exchange exchange) {
        proxy(docsOrigin, UpstreamUris.document(request.query()), exchange, docsLog).handle(request);
    }

    /**
     * The reverse proxy of one exchange: its steps, which a request passes first to last and its
     * answer last to first. {@link UpstreamProblems} comes first, so that it answers for whatever
     * failed after it, the repetition included, and is the last to see an answer: the problem it
     * puts in place of a bare 503 keeps none of the headers the others set. The answer's other
     * steps each set headers of their own.
     */
    private HttpProxy proxy(OriginRequestProvider origin, UpstreamUris uri, Exchange exchange, ThrottledLog log) {
        HttpProxy proxy = HttpProxy.reverseProxy(client).origin(origin)
                .addInterceptor(new UpstreamProblems(this, log, exchange.safe()));
        if (exchange.safe()) {
            proxy.addInterceptor(retryPolicy);
        }
        proxy.addInterceptor(uri)
                .addInterceptor(ClientTraceContext.DROPPED)
                .addInterceptor(new RequestBody(exchange, answerTimeout))
                .addInterceptor(AnswerHeaders.SET)
                .addInterceptor(Cors.GATEWAYS_ONLY)
                .addInterceptor(locationRewrite);
        if (exchange.admin()) {
            proxy.addInterceptor(CacheControlRewrite.PRIVATE);
        }
        return proxy;
    }

    private Future<HttpClientRequest> originRequest(ProxyContext context, RequestOptions origin) {
        context.set(ORIGIN, origin);
        HttpServerResponse answer = context.request().proxiedRequest().response();
        Future<HttpClientRequest> pooled = origin == requestOptions ? apiQueue.next(answer::closed) : request(client, origin, connectMillis);
        return pooled.onSuccess(request -> prepare(context, request)).map(FinishedExchangeGuard::guard);
    }

    /**
     * A request on a connection of {@code from}, or a {@link ConnectException} when none comes
     * within {@code waitMillis}; timed here for the reason {@link ConnectionWaitQueue} gives, and a
     * connection that comes too late is closed. The API's exchanges wait in {@link #apiQueue}; this
     * serves the rest (the API document, readiness probes, a repeated request).
     */
    private Future<HttpClientRequest> request(HttpClient from, RequestOptions options, long waitMillis) {
        Promise<HttpClientRequest> obtained = Promise.promise();
        long timer = vertx.setTimer(waitMillis, expired -> obtained.tryFail(
                new ConnectException("no connection to " + name + " within " + waitMillis + " ms")));
        from.request(options).onComplete(result -> {
            vertx.cancelTimer(timer);
            if (result.failed()) {
                obtained.tryFail(result.cause());
            } else if (!obtained.tryComplete(result.result())) {
                result.result().exceptionHandler(expected -> { }).reset(); // too late: closed, its error expected
            }
        });
        return obtained.future();
    }

    /** Sends the request of {@code context} again, to the same address, on a new connection that is closed after its answer. */
    Future<ProxyResponse> resend(ProxyContext context) {
        return request(freshClient, context.get(ORIGIN, RequestOptions.class), connectMillis)
                .onSuccess(request -> prepare(context, request))
                .compose(request -> context.request().send(FinishedExchangeGuard.guard(request)));
    }

    private void prepare(ProxyContext context, HttpClientRequest request) {
        SentRequest.record(context, request, !unused.remove(request.connection()));
        answerTimeout.connected(context, request);
    }

    /**
     * The service's live OpenAPI document (JSON), as it serves it at {@code /q/openapi} on its
     * management address; fails on anything but a 200.
     */
    public Future<io.vertx.core.buffer.Buffer> openApiDocument() {
        RequestOptions get = new RequestOptions()
                .setServer(managementAddress).setHost(managementHost).setPort(managementPort).setSsl(managementSsl)
                .setMethod(HttpMethod.GET).setURI("/q/openapi?format=json")
                .putHeader("Accept", "application/json")
                .setIdleTimeout(timeoutMillis);
        return request(client, get, connectMillis)
                .compose(HttpClientRequest::send)
                .compose(response -> response.body().compose(body -> response.statusCode() == 200
                        ? Future.succeededFuture(body)
                        : Future.failedFuture(name + " answered " + response.statusCode() + " for its API document")));
    }

    /** A probe of the service's readiness (on its management address): true when it answers 200 within the timeout. */
    Future<Boolean> ready(long timeout) {
        RequestOptions probe = new RequestOptions()
                .setServer(managementAddress).setHost(managementHost).setPort(managementPort).setSsl(managementSsl)
                .setMethod(HttpMethod.GET).setURI("/q/health/ready")
                .setIdleTimeout(timeout);
        return request(client, probe, timeout)
                .compose(HttpClientRequest::send)
                .compose(response -> response.body().map(body -> response.statusCode() == 200));
    }

    void close() {
        client.close();
        freshClient.close();
    }

    /** The service's name in the routing table ({@code catalog}, ...). */
    public String name() {
        return name;
    }

    /** Longest wait for the service's answer once a request has been sent whole. */
    public long timeoutMillis() {
        return timeoutMillis;
    }

    /** Retry-After of this gateway's 503 answers for the service. */
    long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    public String url() {
        return (ssl ? "https://" : "http://") + host + ":" + port;
    }

    public String managementUrl() {
        return (managementSsl ? "https://" : "http://") + managementHost + ":" + managementPort;
    }
}

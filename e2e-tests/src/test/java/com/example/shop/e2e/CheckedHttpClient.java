package com.example.shop.e2e;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * An {@link HttpClient} that reads each answer whole, hands it to {@link DocumentedAnswers}, then
 * gives the caller the same answer through the body handler it asked for. The generated client's
 * own response hook cannot do this: it gets the body as a stream that only its caller may read.
 */
final class CheckedHttpClient extends HttpClient {

    private final HttpClient client;
    private final DocumentedAnswers answers;

    CheckedHttpClient(HttpClient client, DocumentedAnswers answers) {
        this.client = client;
        this.answers = answers;
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        return checked(client.send(request, HttpResponse.BodyHandlers.ofByteArray()), handler);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).thenApply(answer -> checked(answer, handler));
    }

    /** Server push is HTTP/2's; the gateway speaks HTTP/1.1, so there is nothing to push. */
    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
            HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
        return sendAsync(request, handler);
    }

    private <T> HttpResponse<T> checked(HttpResponse<byte[]> answer, HttpResponse.BodyHandler<T> handler) {
        answers.received(answer.request().method(), answer.uri(), answer.statusCode(),
                answer.headers().firstValue("Content-Type").orElse(null), new String(answer.body(), StandardCharsets.UTF_8));
        return new Replayed<>(answer, replay(answer, handler));
    }

    /** The body the caller's handler makes of the bytes received, as if it had read them off the wire. */
    private static <T> T replay(HttpResponse<byte[]> answer, HttpResponse.BodyHandler<T> handler) {
        HttpResponse.BodySubscriber<T> subscriber = handler.apply(new HttpResponse.ResponseInfo() {
            @Override
            public int statusCode() {
                return answer.statusCode();
            }

            @Override
            public HttpHeaders headers() {
                return answer.headers();
            }

            @Override
            public Version version() {
                return answer.version();
            }
        });
        subscriber.onSubscribe(new Flow.Subscription() {
            @Override
            public void request(long n) {
                // the whole body is already here: it is given at once below
            }

            @Override
            public void cancel() {
            }
        });
        if (answer.body().length > 0) {
            subscriber.onNext(List.of(ByteBuffer.wrap(answer.body())));
        }
        subscriber.onComplete();
        return subscriber.getBody().toCompletableFuture().join();
    }

    /** The answer received, with the body the caller's handler made of it. */
    private record Replayed<T>(HttpResponse<byte[]> answer, T body) implements HttpResponse<T> {

        @Override
        public int statusCode() {
            return answer.statusCode();
        }

        @Override
        public HttpRequest request() {
            return answer.request();
        }

        @Override
        public Optional<HttpResponse<T>> previousResponse() {
            return Optional.empty();
        }

        @Override
        public HttpHeaders headers() {
            return answer.headers();
        }

        @Override
        public Optional<SSLSession> sslSession() {
            return answer.sslSession();
        }

        @Override
        public java.net.URI uri() {
            return answer.uri();
        }

        @Override
        public Version version() {
            return answer.version();
        }
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return client.cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return client.connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
        return client.followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return client.proxy();
    }

    @Override
    public SSLContext sslContext() {
        return client.sslContext();
    }

    @Override
    public SSLParameters sslParameters() {
        return client.sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return client.authenticator();
    }

    @Override
    public Version version() {
        return client.version();
    }

    @Override
    public Optional<Executor> executor() {
        return client.executor();
    }
}

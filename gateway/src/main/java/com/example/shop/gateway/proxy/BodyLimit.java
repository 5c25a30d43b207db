package com.example.shop.gateway.proxy;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.streams.ReadStream;
import io.vertx.httpproxy.ProxyContext;

/**
 * The client's body on its way to the service, counted against its limit: past the limit the
 * rest of it is read and dropped, and the request to the service is reset, so that the service
 * never processes a truncated body; the client gets a 413 ({@link UpstreamProblems}). A body read
 * to its end within the limit starts the wait for the answer ({@link AnswerTimeout}).
 */
final class BodyLimit implements ReadStream<Buffer> {

    private static final String EXCEEDED = "gateway.tooLarge";
    private static final Handler<Throwable> IGNORE = failure -> { };

    private final ProxyContext context;
    private final ReadStream<Buffer> source;
    private final long limit;
    private final AnswerTimeout timeout;
    private long seen;
    private boolean exceeded;

    BodyLimit(ProxyContext context, ReadStream<Buffer> source, long limit, AnswerTimeout timeout) {
        this.context = context;
        this.source = source;
        this.limit = limit;
        this.timeout = timeout;
    }

    /** The limit the exchange's body went past, or null. */
    static Long exceeded(ProxyContext context) {
        return context.get(EXCEEDED, Long.class);
    }

    @Override
    public ReadStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
        source.exceptionHandler(handler);
        return this;
    }

    @Override
    public ReadStream<Buffer> handler(Handler<Buffer> handler) {
        if (handler == null) {
            source.handler(null);
            return this;
        }
        source.handler(buffer -> {
            if (exceeded) {
                return;
            }
            seen += buffer.length();
            if (seen > limit) {
                exceeded = true;
                source.resume();
                context.set(EXCEEDED, limit);
                HttpClientRequest upstreamRequest = SentRequest.of(context);
                if (upstreamRequest != null) {
                    upstreamRequest.exceptionHandler(IGNORE);
                    upstreamRequest.reset(0, new IllegalStateException("request body over the limit"));
                }
                return;
            }
            handler.handle(buffer);
        });
        return this;
    }

    @Override
    public ReadStream<Buffer> pause() {
        if (!exceeded) {
            source.pause();
        }
        return this;
    }

    @Override
    public ReadStream<Buffer> resume() {
        source.resume();
        return this;
    }

    @Override
    public ReadStream<Buffer> fetch(long amount) {
        source.fetch(amount);
        return this;
    }

    @Override
    public ReadStream<Buffer> endHandler(Handler<Void> endHandler) {
        if (endHandler == null) {
            source.endHandler(null);
            return this;
        }
        source.endHandler(end -> {
            if (!exceeded) {
                timeout.bodyRead(context);
            }
            endHandler.handle(end);
        });
        return this;
    }
}

package com.example.shop.gateway.proxy;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClosedException;
import java.net.ConnectException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The exchanges waiting for a pooled connection to one address of a service, oldest first, and
 * the rules of that wait:
 * <ul>
 * <li><b>It is timed here</b>, not by the pool: Vert.x 4.5's own wait timeout
 * ({@code RequestOptions.setConnectTimeout}) can hand a connection to a waiter that has just
 * timed out, and that lease is never given back. In the drop benchmark every one of the 128
 * connections to the cart service was lost that way within a minute, and every later request
 * failed, for good. A wait that runs out is a {@link Busy} (a 503 with Retry-After).</li>
 * <li><b>A connection that comes for an exchange that stopped waiting goes to the oldest one
 * still waiting.</b> Vert.x's queue cannot forget a waiter, so each wait that ran out is served a
 * connection later; it used to be closed (a reset), so under a flash sale the pool spent its time
 * closing and opening connections while live exchanges queued behind dead ones. A connection is
 * closed only when nobody waits for it. An exchange whose client left meanwhile is passed over.</li>
 * <li><b>A connection that could not be had goes to the oldest exchange still waiting</b>, as one
 * that came would: each exchange asks the pool for one connection, and the pool's answers are
 * handed out oldest first, not to the exchange that asked. A failure kept for an exchange already
 * served by another's connection left that other one with nothing coming: it waited out the whole
 * wait for a 503, with the service up.</li>
 * <li><b>A connection that closed as the pool leased it is asked for again</b> (a few times):
 * it says nothing about the service.</li>
 * <li><b>At most {@code maxWaiting} exchanges wait</b>; the next is a {@link Busy} at
 * once: a saturated service's excess is turned away in microseconds instead of after the whole
 * wait.</li>
 * </ul>
 * Every pooled request to the address here is interchangeable until it is sent: the proxy sets
 * its method, path and headers afterwards.
 */
final class ConnectionWaitQueue {

    /**
     * No connection for this exchange because the service is busy (the queue is full, or the wait ran
     * out), not because it cannot be reached: the client gets a 503 that says so.
     */
    static final class Busy extends ConnectException {
        Busy(String message) {
            super(message);
        }
    }

    private static final class Waiter {
        final Promise<HttpClientRequest> served = Promise.promise();
        final BooleanSupplier clientLeft;
        long timer;

        Waiter(BooleanSupplier clientLeft) {
            this.clientLeft = clientLeft;
        }
    }

    /** How often the pool is asked for an exchange's connection when the ones it gives were closed as they were leased. */
    private static final int ASKS_PER_EXCHANGE = 3;

    private final Vertx vertx;
    /** Asks the pool for a request on a connection to the address (connecting one if none is free). */
    private final Supplier<Future<HttpClientRequest>> pool;
    private final String service;
    private final long waitMillis;
    private final int maxWaiting;
    private final Queue<Waiter> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger waiting = new AtomicInteger();

    ConnectionWaitQueue(Vertx vertx, Supplier<Future<HttpClientRequest>> pool, String service, long waitMillis, int maxWaiting) {
        this.vertx = vertx;
        this.pool = pool;
        this.service = service;
        this.waitMillis = waitMillis;
        this.maxWaiting = maxWaiting;
    }

    /**
     * A request on a pooled connection to the address, or a {@link ConnectException}. An exchange
     * whose client has left by the time a connection comes ({@code clientLeft}) is passed over: it
     * could never send the request nor end it, and the connection would be lost to the pool.
     */
    Future<HttpClientRequest> next(BooleanSupplier clientLeft) {
        if (waiting.incrementAndGet() > maxWaiting) {
            waiting.decrementAndGet();
            return Future.failedFuture(new Busy(maxWaiting + " requests wait for a connection already"));
        }
        Waiter waiter = new Waiter(clientLeft);
        waiter.served.future().onComplete(done -> waiting.decrementAndGet());
        waiter.timer = vertx.setTimer(waitMillis, expired -> {
            if (waiter.served.tryFail(new Busy("no connection came within " + waitMillis + " ms"))) {
                queue.remove(waiter);
            }
        });
        queue.add(waiter); // after its timer is known, since whoever serves it cancels that timer
        ask(ASKS_PER_EXCHANGE);
        return waiter.served.future();
    }

    /**
     * Asks the pool for one connection. One that closed as the pool leased it (clients leaving
     * close connections, see {@link RetryPolicy}) says nothing about the service: the pool is
     * asked again while someone waits, at most {@code asks} times in all, before the failure is handed on.
     */
    private void ask(int asks) {
        pool.get().onComplete(result -> {
            if (result.succeeded()) {
                handOver(result.result());
            } else if (result.cause() instanceof HttpClosedException && asks > 1 && !queue.isEmpty()) {
                ask(asks - 1);
            } else {
                failOldest(result.cause());
            }
        });
    }

    /** The oldest exchange still waiting gets the connection; with none, it is closed (its own error expected, not logged). */
    private void handOver(HttpClientRequest request) {
        for (Waiter oldest = queue.poll(); oldest != null; oldest = queue.poll()) {
            if (oldest.clientLeft.getAsBoolean()) {
                oldest.served.tryFail(new ConnectException("the client left while waiting for a connection to " + service));
                vertx.cancelTimer(oldest.timer);
            } else if (oldest.served.tryComplete(request)) {
                vertx.cancelTimer(oldest.timer);
                return;
            }
        }
        request.exceptionHandler(expected -> { }).reset();
    }

    /** The oldest exchange still waiting gets the failure; with none waiting, it goes nowhere. */
    private void failOldest(Throwable failure) {
        for (Waiter oldest = queue.poll(); oldest != null; oldest = queue.poll()) {
            if (oldest.served.tryFail(failure)) {
                vertx.cancelTimer(oldest.timer);
                return;
            }
        }
    }
}

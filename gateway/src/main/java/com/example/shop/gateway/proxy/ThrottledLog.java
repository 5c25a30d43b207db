package com.example.shop.gateway.proxy;

import com.example.shop.publicapi.RequestIds;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

/**
 * A warning written at most once a second, with the count of those left out since: a service that
 * is down fails every request, and one line a second says so as well as a thousand.
 */
final class ThrottledLog {

    private static final long PERIOD_MILLIS = 1000;

    private final Logger log;
    /** When the last line was written, and how many were left out since. */
    private final AtomicLong lastLogged = new AtomicLong();
    private final AtomicLong unlogged = new AtomicLong();

    ThrottledLog(Logger log) {
        this.log = log;
    }

    /**
     * Writes the line {@code line} makes of the count left out since the last one, unless a line
     * was written within the last second. The line carries {@code requestId} in its logging
     * context: a failure is reported on the service connection's context, whose logging context
     * may hold another request's id (the last one it carried).
     */
    void warn(String requestId, LongFunction<String> line) {
        long now = System.currentTimeMillis();
        long last = lastLogged.get();
        if (now - last < PERIOD_MILLIS || !lastLogged.compareAndSet(last, now)) {
            unlogged.incrementAndGet();
            return;
        }
        Object before = MDC.put(RequestIds.MDC_KEY, requestId);
        try {
            log.warn(line.apply(unlogged.getAndSet(0)));
        } finally {
            if (before == null) {
                MDC.remove(RequestIds.MDC_KEY);
            } else {
                MDC.put(RequestIds.MDC_KEY, before);
            }
        }
    }
}

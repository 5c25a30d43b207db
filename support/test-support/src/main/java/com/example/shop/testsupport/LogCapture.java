package com.example.shop.testsupport;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.logmanager.ExtLogRecord;

/**
 * The log lines a service under test writes to one category (and those below it), each with the
 * value its MDC held for a key when it was logged, read on the logging thread as the console
 * format reads it. The service and the test share the JVM's log manager, so a handler added here
 * sees the service's records whatever class loader either is in.
 *
 * <pre>
 * try (LogCapture log = LogCapture.of("com.example.shop.cart", "requestId")) {
 *     ... a request ...
 *     assertEquals(id, log.await(line -> line.message().startsWith("Catalog unavailable")).mdc());
 * }
 * </pre>
 */
public final class LogCapture extends Handler implements AutoCloseable {

    /** One record: its logger, its formatted message and the MDC value of the key (null when unset). */
    public record Line(String logger, String message, String mdc) {
    }

    private final Logger logger;
    private final String mdcKey;
    private final List<Line> lines = new CopyOnWriteArrayList<>();

    private LogCapture(Logger logger, String mdcKey) {
        this.logger = logger;
        this.mdcKey = mdcKey;
        setLevel(Level.ALL);
    }

    public static LogCapture of(String category, String mdcKey) {
        LogCapture capture = new LogCapture(Logger.getLogger(category), mdcKey);
        capture.logger.addHandler(capture);
        return capture;
    }

    @Override
    public void publish(LogRecord record) {
        ExtLogRecord ext = ExtLogRecord.wrap(record);
        lines.add(new Line(record.getLoggerName(), ext.getFormattedMessage(), ext.getMdc(mdcKey)));
    }

    public List<Line> lines() {
        return List.copyOf(lines);
    }

    /** The first line that matches, waiting up to 5 s for it (a line may be logged after the answer). */
    public Line await(Predicate<Line> matching) {
        long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (true) {
            for (Line line : lines) {
                if (matching.test(line)) {
                    return line;
                }
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("no such log line under " + logger.getName() + "; got " + lines);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}

package com.example.shop.gateway;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.logmanager.ExtLogRecord;

/** The lines one logger writes while this is open, each with the logging context it was written in. */
final class LoggedLines extends Handler implements AutoCloseable {

    private final Logger logger;
    private final List<ExtLogRecord> lines = new CopyOnWriteArrayList<>();

    private LoggedLines(Logger logger) {
        this.logger = logger;
    }

    static LoggedLines of(Class<?> type) {
        LoggedLines lines = new LoggedLines(Logger.getLogger(type.getName()));
        lines.logger.addHandler(lines);
        return lines;
    }

    /** The first line whose message contains {@code text}. */
    ExtLogRecord containing(String text) {
        return lines.stream().filter(line -> line.getFormattedMessage().contains(text)).findFirst()
                .orElseThrow(() -> new AssertionError("no line contains '" + text + "' among " + lines.size()));
    }

    @Override
    public void publish(LogRecord record) {
        ExtLogRecord line = (ExtLogRecord) record;
        line.copyAll(); // the logging context (MDC) as it is while the line is written
        lines.add(line);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}

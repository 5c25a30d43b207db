package com.example.shop.web.database;

import com.mongodb.RequestContext;
import com.mongodb.event.CommandFailedEvent;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.event.CommandSucceededEvent;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.quarkus.mongodb.tracing.MongoTracingCommandListener;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every MongoDB command a span of the trace of the request that sent it, through Quarkus' own
 * {@link MongoTracingCommandListener}, but only when tracing is on (support/observability turns the
 * SDK on only when spans are exported). The Quarkus MongoDB client registers every
 * {@link CommandListener} bean of the application.
 *
 * <p>Why not {@code quarkus.mongodb.tracing.enabled}: it is fixed at build time, and with the SDK off
 * Quarkus still hands out an SDK that records every span it is given (with no processor to take
 * them), so each command of every request would still build a span for nothing.
 *
 * <p>A command is a span only under a sampled span (a request's, when spans are exported): Quarkus'
 * listener writes the whole command as JSON into the span's attributes before the sampler decides,
 * and with the SDK on and nothing exported (./platform, for trace ids in the logs) that was 12 % of
 * the catalog's samples in an import, whose bulk writes of 1,000 products are a megabyte each.
 */
@Singleton
public class MongoCommandSpans implements CommandListener {

    /** Where the reactive client carries the caller's context (Quarkus' MongoTracingCommandListener reads it there). */
    private static final String OTEL_CONTEXT = "otel.context.current";

    /** Null when tracing is off. */
    private final CommandListener spans;

    MongoCommandSpans(OpenTelemetry openTelemetry, @ConfigProperty(name = "quarkus.otel.sdk.disabled") boolean sdkDisabled) {
        this.spans = sdkDisabled ? null : new MongoTracingCommandListener(openTelemetry);
    }

    @Override
    public void commandStarted(CommandStartedEvent event) {
        if (spans != null && Span.fromContext(parentOf(event)).getSpanContext().isSampled()) {
            spans.commandStarted(event);
        }
    }

    /** The context Quarkus' listener makes the command's span a child of: the reactive client's, else the thread's. */
    private static Context parentOf(CommandStartedEvent event) {
        RequestContext request = event.getRequestContext();
        Object parent = request == null ? null : request.getOrDefault(OTEL_CONTEXT, null);
        return parent instanceof Context context ? context : Context.current();
    }

    // a command not given to the listener at its start is unknown to it at its end: it does nothing
    @Override
    public void commandSucceeded(CommandSucceededEvent event) {
        if (spans != null) {
            spans.commandSucceeded(event);
        }
    }

    @Override
    public void commandFailed(CommandFailedEvent event) {
        if (spans != null) {
            spans.commandFailed(event);
        }
    }
}

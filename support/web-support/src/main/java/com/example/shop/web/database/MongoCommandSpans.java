package com.example.shop.web.database;

import com.mongodb.event.CommandFailedEvent;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.event.CommandSucceededEvent;
import io.opentelemetry.api.OpenTelemetry;
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
 */
@Singleton
public class MongoCommandSpans implements CommandListener {

    /** Null when tracing is off. */
    private final CommandListener spans;

    MongoCommandSpans(OpenTelemetry openTelemetry, @ConfigProperty(name = "quarkus.otel.sdk.disabled") boolean sdkDisabled) {
        this.spans = sdkDisabled ? null : new MongoTracingCommandListener(openTelemetry);
    }

    @Override
    public void commandStarted(CommandStartedEvent event) {
        if (spans != null) {
            spans.commandStarted(event);
        }
    }

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

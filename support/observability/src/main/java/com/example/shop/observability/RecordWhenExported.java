package com.example.shop.observability;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;
import jakarta.inject.Singleton;
import java.util.List;
import org.eclipse.microprofile.config.Config;

/**
 * Records spans only when they leave the process: with an OTLP endpoint configured
 * ({@code QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT}), every span of a trace the caller did not refuse
 * ({@code parentbased_always_on}); without one, none. Without an endpoint the SDK is off altogether
 * ({@link TracingOnlyWhenExported}); this sampler decides where it was turned on by hand
 * ({@code QUARKUS_OTEL_SDK_DISABLED=false}, for trace ids in the log lines with nothing exported), and in
 * the tests.
 *
 * <p>Why a sampler: Quarkus' OTLP exporter has a built-in endpoint (localhost:4317) when none is
 * set, so with nothing configured it would send every recorded span there and log each failure
 * ("Failed to export ... Connection refused: localhost/127.0.0.1:4317"); and recording spans that
 * nobody reads costs every request and every MongoDB command. A span that is not recorded still has a real trace id and span id: it is still propagated
 * ({@code traceparent}, flag 00) and still names the trace in every log line (the MDC's
 * {@code traceId}), it is only never filled, ended into a processor or exported. So one variable
 * turns export on, and nothing is attempted without it. Quarkus uses a {@link Sampler} bean of the
 * application instead of its configured one ({@code quarkus.otel.traces.sampler}).
 */
@Singleton
public class RecordWhenExported implements Sampler {

    private final Sampler delegate;

    public RecordWhenExported(Config config) {
        this.delegate = exporting(config) ? Sampler.parentBased(Sampler.alwaysOn()) : Sampler.alwaysOff();
    }

    /**
     * Whether an OTLP endpoint for traces was configured (the environment, a properties file, a system
     * property). Quarkus gives both keys a default value (http://localhost:4317/), which does not count:
     * it comes from its source of defaults, the lowest of all.
     */
    static boolean exporting(Config config) {
        return TracingOnlyWhenExported.configured(config.getConfigValue(TracingOnlyWhenExported.TRACES_ENDPOINT))
                || TracingOnlyWhenExported.configured(config.getConfigValue(TracingOnlyWhenExported.ENDPOINT));
    }

    @Override
    public SamplingResult shouldSample(Context parentContext, String traceId, String name, SpanKind spanKind,
                                       Attributes attributes, List<LinkData> parentLinks) {
        return delegate.shouldSample(parentContext, traceId, name, spanKind, attributes, parentLinks);
    }

    @Override
    public String getDescription() {
        return "RecordWhenExported{" + delegate.getDescription() + "}";
    }
}

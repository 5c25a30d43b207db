package com.example.shop.observability;

import io.smallrye.config.ConfigSourceInterceptor;
import io.smallrye.config.ConfigSourceInterceptorContext;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.Priorities;
import jakarta.annotation.Priority;

/**
 * Turns the OpenTelemetry SDK off ({@code quarkus.otel.sdk.disabled=true}) unless traces leave the
 * process: an OTLP endpoint is configured ({@code QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT} or the traces'
 * own), or the SDK setting itself is (then that wins, either way).
 *
 * <p>Why: with the SDK on and nothing exported, every request and every MongoDB command still goes
 * through the instrumentation (ids, a context, attributes, MDC entries) for spans that
 * {@link RecordWhenExported} then drops, a cost the bench's read scenario shows on every read. With
 * the SDK off the log lines carry no trace id; {@code X-Request-Id} (every line's {@code requestId}, sent on by
 * every service call) still ties one request's lines together across the services. An operator who
 * wants trace ids in the logs without exporting sets {@code QUARKUS_OTEL_SDK_DISABLED=false}.
 *
 * <p>Registered as a SmallRye Config interceptor (META-INF/services), so it decides before Quarkus
 * reads the runtime setting; Quarkus' own default ({@code false}, from its source of defaults) does not
 * count as configured.
 */
@Priority(Priorities.APPLICATION)
public class TracingOnlyWhenExported implements ConfigSourceInterceptor {

    static final String SDK_DISABLED = "quarkus.otel.sdk.disabled";
    static final String ENDPOINT = "quarkus.otel.exporter.otlp.endpoint";
    static final String TRACES_ENDPOINT = "quarkus.otel.exporter.otlp.traces.endpoint";

    @Override
    public ConfigValue getValue(ConfigSourceInterceptorContext context, String name) {
        ConfigValue value = context.proceed(name);
        if (!SDK_DISABLED.equals(name) || configured(value)) {
            return value;
        }
        boolean exported = configured(context.proceed(TRACES_ENDPOINT)) || configured(context.proceed(ENDPOINT));
        return ConfigValue.builder()
                .withName(SDK_DISABLED)
                .withValue(String.valueOf(!exported))
                .withRawValue(String.valueOf(!exported))
                .withConfigSourceName(getClass().getSimpleName())
                .withConfigSourceOrdinal(Integer.MIN_VALUE)
                .build();
    }

    /** Set somewhere other than Quarkus' source of defaults, whose ordinal is the lowest of all. */
    static boolean configured(org.eclipse.microprofile.config.ConfigValue value) {
        return value != null && value.getValue() != null && !value.getValue().isBlank()
                && value.getSourceOrdinal() > Integer.MIN_VALUE;
    }
}

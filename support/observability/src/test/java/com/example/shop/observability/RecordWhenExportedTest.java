package com.example.shop.observability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Spans are recorded when an OTLP endpoint is configured, and only then; Quarkus' default endpoint does not count. */
class RecordWhenExportedTest {

    private static final String ENDPOINT = "quarkus.otel.exporter.otlp.endpoint";
    private static final String TRACES_ENDPOINT = "quarkus.otel.exporter.otlp.traces.endpoint";
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

    @Test
    void quarkusDefaultEndpointIsNoExport() {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withDefaultValue(ENDPOINT, "http://localhost:4317/")
                .withDefaultValue(TRACES_ENDPOINT, "http://localhost:4317/")
                .build();
        assertFalse(RecordWhenExported.exporting(config));
        assertEquals(SamplingDecision.DROP, decision(config));
    }

    @Test
    void theEnvironmentsEndpointTurnsExportOn() {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withDefaultValue(ENDPOINT, "http://localhost:4317/")
                .withSources(new PropertiesConfigSource(Map.of(ENDPOINT, "http://otel-collector:4317"), "environment", 300))
                .build();
        assertTrue(RecordWhenExported.exporting(config));
        assertEquals(SamplingDecision.RECORD_AND_SAMPLE, decision(config));
    }

    @Test
    void theTracesOwnEndpointCountsToo() {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(Map.of(TRACES_ENDPOINT, "http://otel-collector:4318"), "file", 250))
                .build();
        assertTrue(RecordWhenExported.exporting(config));
    }

    @Test
    void nothingConfiguredIsNoExport() {
        assertFalse(RecordWhenExported.exporting(new SmallRyeConfigBuilder().build()));
    }

    private static SamplingDecision decision(SmallRyeConfig config) {
        return new RecordWhenExported(config)
                .shouldSample(Context.root(), TRACE, "GET /api/products", SpanKind.SERVER, Attributes.empty(), List.of())
                .getDecision();
    }
}

package com.example.shop.observability;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The SDK is off unless an OTLP endpoint is configured, or the SDK setting itself is. */
class TracingOnlyWhenExportedTest {

    private static final String ENDPOINT = TracingOnlyWhenExported.ENDPOINT;
    private static final String TRACES_ENDPOINT = TracingOnlyWhenExported.TRACES_ENDPOINT;
    private static final String SDK_DISABLED = TracingOnlyWhenExported.SDK_DISABLED;

    @Test
    void offWithQuarkusDefaultsOnly() {
        assertTrue(sdkDisabled(new SmallRyeConfigBuilder()
                .withDefaultValue(SDK_DISABLED, "false")
                .withDefaultValue(ENDPOINT, "http://localhost:4317/")
                .withDefaultValue(TRACES_ENDPOINT, "http://localhost:4317/")));
    }

    @Test
    void offWithNothingConfigured() {
        assertTrue(sdkDisabled(new SmallRyeConfigBuilder()));
    }

    @Test
    void onWithAnEndpointFromTheEnvironment() {
        assertFalse(sdkDisabled(new SmallRyeConfigBuilder()
                .withDefaultValue(SDK_DISABLED, "false")
                .withDefaultValue(ENDPOINT, "http://localhost:4317/")
                .withSources(new PropertiesConfigSource(Map.of(ENDPOINT, "http://otel-collector:4317"), "environment", 300))));
    }

    @Test
    void onWithTheTracesOwnEndpoint() {
        assertFalse(sdkDisabled(new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(Map.of(TRACES_ENDPOINT, "http://otel-collector:4318"), "file", 250))));
    }

    @Test
    void theSdkSettingWinsEitherWay() {
        assertFalse(sdkDisabled(new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(Map.of(SDK_DISABLED, "false"), "environment", 300))),
                "on by hand without an endpoint: trace ids in the log lines, nothing recorded");
        assertTrue(sdkDisabled(new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(Map.of(SDK_DISABLED, "true", ENDPOINT, "http://otel-collector:4317"),
                        "environment", 300))));
    }

    @Test
    void otherKeysPassThrough() {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withInterceptors(new TracingOnlyWhenExported())
                .withSources(new PropertiesConfigSource(Map.of(ENDPOINT, "http://otel-collector:4317"), "environment", 300))
                .build();
        assertTrue(config.getValue(ENDPOINT, String.class).equals("http://otel-collector:4317"));
    }

    private static boolean sdkDisabled(SmallRyeConfigBuilder builder) {
        SmallRyeConfig config = builder.withInterceptors(new TracingOnlyWhenExported()).build();
        return config.getValue(SDK_DISABLED, Boolean.class);
    }
}

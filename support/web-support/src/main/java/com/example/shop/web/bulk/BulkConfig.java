package com.example.shop.web.bulk;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** The bulk imports' settings, the same keys in every service. */
@ConfigMapping(prefix = "shop.bulk")
public interface BulkConfig {

    /** The largest import file. A single request's body limit ({@code shop.http.max-body-size}) does not apply to it. */
    @WithDefault("1G")
    MemorySize maxBodySize();

    /** Where an upload is kept while its run reads it; default: {@code <java.io.tmpdir>/shop-imports}. */
    Optional<String> spoolDirectory();

    /** How often a running import records its counts and that it is alive. */
    @WithDefault("1s")
    Duration heartbeatEvery();

    /** A running import not heard of for this long died with its process: it is shown as failed. */
    @WithDefault("30s")
    Duration staleAfter();

    /**
     * The heap's {@code MinHeapFreeRatio} while an import runs ({@code MaxHeapFreeRatio} at least
     * {@link #importMaxHeapFreeRatio()}), put back after it; 0 leaves the heap's settings alone. A
     * JVM already as wide is left alone.
     */
    @WithDefault("60")
    int importMinHeapFreeRatio();

    @WithDefault("90")
    int importMaxHeapFreeRatio();

    /** Rejected lines kept per run for the rejects list (all are counted). */
    @WithDefault("10000")
    int rejectsKept();
}

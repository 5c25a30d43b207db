package com.example.shop.web.database;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How the service keeps trying to put its schema in place (prefix {@code shop.schema}). */
@ConfigMapping(prefix = "shop.schema")
public interface SchemaSetupConfig {

    /**
     * Pause between two attempts while the schema is not in place (no primary yet, database
     * unreachable, a conflicting index). Readiness stays DOWN meanwhile.
     */
    @WithDefault("5s")
    Duration retryEvery();
}

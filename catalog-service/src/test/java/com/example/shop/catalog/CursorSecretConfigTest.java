package com.example.shop.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cursor secret as the packaged service resolves it: the service's own application.properties
 * and {@link CatalogConfig}, read the way Quarkus reads them at start-up. In prod there is no
 * default, so a deployment that does not set one fails to start with a message naming the key;
 * dev and tests have fixed keys; an environment variable sets it in prod.
 */
class CursorSecretConfigTest {

    private static final String KEY = "catalog.cursor.secret";

    private static SmallRyeConfig config(String profile, Map<String, String> environment) throws IOException {
        return new SmallRyeConfigBuilder()
                .withProfile(profile)
                .withSources(new PropertiesConfigSource(Path.of("target/classes/application.properties").toUri().toURL(), 250))
                .withSources(new EnvConfigSource(environment, 300))
                .withMapping(CatalogConfig.class)
                .build();
    }

    @Test
    void prodWithoutASecretFailsNamingTheKey() {
        RuntimeException failure = assertThrows(RuntimeException.class, () -> config("prod", Map.of()));
        assertTrue(failure.getMessage().contains(KEY), failure.getMessage());
    }

    @Test
    void prodTakesTheSecretFromTheEnvironment() throws IOException {
        SmallRyeConfig config = config("prod", Map.of("CATALOG_CURSOR_SECRET", "set-by-the-deployment"));
        assertEquals("set-by-the-deployment", config.getConfigMapping(CatalogConfig.class).cursor().secret());
    }

    @Test
    void devAndTestHaveFixedKeysOfTheirOwn() throws IOException {
        String dev = config("dev", Map.of()).getConfigMapping(CatalogConfig.class).cursor().secret();
        String test = config("test", Map.of()).getConfigMapping(CatalogConfig.class).cursor().secret();
        assertFalse(dev.isBlank());
        assertFalse(test.isBlank());
    }

    @Test
    void theOtherSettingsKeepTheirDefaultsInProd() throws IOException {
        CatalogConfig config = config("prod", Map.of("CATALOG_CURSOR_SECRET", "k")).getConfigMapping(CatalogConfig.class);
        assertEquals(20, config.products().defaultLimit());
        assertEquals(100, config.products().maxLimit());
        assertEquals(10, config.products().defaultMaxPerCart());
        assertTrue(config.seedProductTypes());
    }
}

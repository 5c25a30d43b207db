package com.example.shop.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.example.shop.testsupport.ProductionProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The catalog in its production configuration: /q/health, /q/metrics and /q/openapi on the
 * management interface, the public port serving the API only.
 */
@QuarkusTest
@TestProfile(ManagementInterfaceTest.Production.class)
class ManagementInterfaceTest {

    /** The prod profile with what a deployment must provide: the cursor secret has no default there. */
    public static class Production extends ProductionProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
            overrides.put("catalog.cursor.secret", "a-deployment-s-own-cursor-key");
            return overrides;
        }
    }

    @Inject
    @ConfigProperty(name = "quarkus.management.test-port")
    int managementPort;

    @Test
    void thePublicPortServesTheApiOnly() {
        for (String path : List.of("/q/metrics", "/q/health", "/q/health/ready", "/q/openapi")) {
            given().get(path).then().statusCode(404);
        }
        given().get("/products").then().statusCode(200);
    }

    @Test
    void theManagementPortServesHealthMetricsAndOpenApi() {
        given().port(managementPort).get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().port(managementPort).get("/q/metrics").then().statusCode(200).body(containsString("jvm_memory_used_bytes"));
        given().port(managementPort).get("/q/openapi").then().statusCode(200).body(containsString("/products/{sku}"));
    }
}

package com.example.shop.testsupport;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * The checks every service runs in its production configuration ({@link ProductionProfile}):
 * /q/health, /q/metrics and /q/openapi on the management interface, the public port serving the
 * API only. A service's {@code ManagementInterfaceTest} extends this with {@code @QuarkusTest} and
 * its {@code @TestProfile}, and names one call of its API and one path of its document.
 */
public abstract class ManagementInterfaceChecks {

    /** One call of the service's API that succeeds on its public port. */
    protected abstract void callTheApi();

    /** A path the service's OpenAPI document must contain. */
    protected abstract String documentedPath();

    @Test
    void thePublicPortServesTheApiOnly() {
        for (String path : List.of("/q/metrics", "/q/health", "/q/health/ready", "/q/openapi")) {
            given().get(path).then().statusCode(404);
        }
        callTheApi();
    }

    @Test
    void theManagementPortServesHealthMetricsAndOpenApi() {
        // The port the management interface bound (ProductionProfile asks for port 0), as Quarkus publishes it.
        int managementPort = ConfigProvider.getConfig().getValue("quarkus.management.test-port", Integer.class);
        given().port(managementPort).get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().port(managementPort).get("/q/metrics").then().statusCode(200).body(containsString("jvm_memory_used_bytes"));
        given().port(managementPort).get("/q/openapi").then().statusCode(200).body(containsString(documentedPath()));
    }
}

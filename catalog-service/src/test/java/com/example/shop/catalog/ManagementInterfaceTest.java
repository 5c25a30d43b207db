package com.example.shop.catalog;

import static io.restassured.RestAssured.given;

import com.example.shop.testsupport.ManagementInterfaceChecks;
import com.example.shop.testsupport.ProductionProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.HashMap;
import java.util.Map;

/** The catalog in its production configuration: the checks every service runs ({@link ManagementInterfaceChecks}). */
@QuarkusTest
@TestProfile(ManagementInterfaceTest.Production.class)
class ManagementInterfaceTest extends ManagementInterfaceChecks {

    /** The prod profile with what a deployment must provide: the cursor secret has no default there. */
    public static class Production extends ProductionProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
            overrides.put("catalog.cursor.secret", "a-deployment-s-own-cursor-key");
            return overrides;
        }
    }

    @Override
    protected void callTheApi() {
        given().get("/products").then().statusCode(200);
    }

    @Override
    protected String documentedPath() {
        return "/products/{sku}";
    }
}

package com.example.shop.category;

import static io.restassured.RestAssured.given;

import com.example.shop.testsupport.ManagementInterfaceChecks;
import com.example.shop.testsupport.ProductionProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The category service in its production configuration: the checks every service runs ({@link ManagementInterfaceChecks}). */
@QuarkusTest
@TestProfile(ProductionProfile.class)
class ManagementInterfaceTest extends ManagementInterfaceChecks {

    @Override
    protected void callTheApi() {
        given().get("/categories").then().statusCode(200);
    }

    @Override
    protected String documentedPath() {
        return "/categories/{slug}";
    }
}

package com.example.shop.cart;

import static io.restassured.RestAssured.given;

import com.example.shop.testsupport.ManagementInterfaceChecks;
import com.example.shop.testsupport.ProductionProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The cart service in its production configuration: the checks every service runs ({@link ManagementInterfaceChecks}). */
@QuarkusTest
@TestProfile(ProductionProfile.class)
class ManagementInterfaceTest extends ManagementInterfaceChecks {

    @Override
    protected void callTheApi() {
        given().post("/carts").then().statusCode(201);
    }

    @Override
    protected String documentedPath() {
        return "/carts/{id}";
    }
}

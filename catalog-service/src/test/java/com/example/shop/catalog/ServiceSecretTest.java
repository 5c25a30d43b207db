package com.example.shop.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * With {@code catalog.availability.secret} set, both internal calls need it as a bearer token: without it or
 * with another, a 401 problem naming the setting, and nothing reported.
 */
@QuarkusTest
@TestProfile(ServiceSecretTest.WithSecret.class)
class ServiceSecretTest {

    private static final String SECRET = "internal-test-secret";

    public static class WithSecret implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("catalog.availability.secret", SECRET);
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(MongoTestResource.class), new TestResourceEntry(JwtTestResource.class),
                    new TestResourceEntry(CategoryStub.class));
        }
    }

    private static final Map<String, Object> REPORT = Map.of("transitions",
            List.of(Map.of("sku", "secret-sku", "available", false, "seq", 1)));

    @Test
    void theInternalCallsNeedTheSecret() {
        for (String authorization : new String[] {null, "Bearer not-the-secret", SECRET}) {
            var request = authorization == null ? given() : given().header("Authorization", authorization);
            request.when().get("/internal/product-changes").then().statusCode(401)
                    .contentType("application/problem+json").body("detail", containsString("catalog.availability.secret"));
            var report = authorization == null ? given() : given().header("Authorization", authorization);
            report.contentType(ContentType.JSON).body(REPORT).when().post("/internal/availability").then().statusCode(401);
        }
        given().header("Authorization", "Bearer " + SECRET).queryParam("after", -1)
                .when().get("/internal/product-changes").then().statusCode(200);
        given().header("Authorization", "Bearer " + SECRET).contentType(ContentType.JSON).body(REPORT)
                .when().post("/internal/availability").then().statusCode(200);
    }
}

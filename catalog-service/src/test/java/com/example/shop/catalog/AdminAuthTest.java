package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.anAlbum;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** Admin writes need a valid admin token: 401 without a valid one, 403 with another role; reads are public. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class AdminAuthTest {

    private static final Map<String, Function<RequestSpecification, RequestSpecification>> WITHOUT_VALID_TOKEN = Map.of(
            "no token", r -> r,
            "expired", r -> r.auth().oauth2(TestTokens.expiredAdmin()),
            "forged", r -> r.auth().oauth2(TestTokens.forgedAdmin()),
            "garbage", r -> r.header("Authorization", "Bearer not.a.jwt"));

    @Test
    void writesWithoutAValidTokenAre401AndChangeNothing() {
        String sku = sku("auth");
        Fixtures.create(anAlbum(sku));
        List<Document> before = TestDatabase.snapshot("catalog");
        WITHOUT_VALID_TOKEN.forEach((name, token) -> {
            attempts(sku).forEach(attempt -> attempt.apply(token.apply(given().contentType(ContentType.JSON)))
                    .then().statusCode(401).contentType("application/problem+json")
                    .body("status", equalTo(401)));
        });
        assertEquals(before, TestDatabase.snapshot("catalog"));
    }

    @Test
    void writesWithAnotherRoleAre403AndChangeNothing() {
        String sku = sku("auth");
        Fixtures.create(anAlbum(sku));
        List<Document> before = TestDatabase.snapshot("catalog");
        attempts(sku).forEach(attempt -> attempt.apply(given().contentType(ContentType.JSON)
                        .auth().oauth2(TestTokens.withRoles("customer")))
                .then().statusCode(403).contentType("application/problem+json"));
        assertEquals(before, TestDatabase.snapshot("catalog"));
    }

    @Test
    void readsArePublic() {
        String sku = sku("auth");
        Fixtures.create(anAlbum(sku));
        given().when().get("/products/" + sku).then().statusCode(200);
        given().when().get("/products").then().statusCode(200);
        given().when().get("/product-types").then().statusCode(200);
    }

    private static List<Function<RequestSpecification, io.restassured.response.Response>> attempts(String sku) {
        return List.of(
                r -> r.body(anAlbum(sku("auth-new"))).when().post("/products"),
                r -> r.header("If-Match", "1").body(anAlbum(sku)).when().put("/products/" + sku),
                r -> r.when().delete("/products/" + sku),
                r -> r.body(Map.of("name", "Hacked", "attributes", List.of())).when().post("/product-types"));
    }
}

package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.category.support.Trees;
import com.example.shop.category.support.Trees.Model;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.function.Function;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** Admin endpoints: no, expired or forged token → 401; another role → 403; nothing changes. Reads are public. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class AdminAccessTest {

    private record Call(String name, Function<RequestSpecification, io.restassured.response.Response> send) {
    }

    private static final List<Call> ADMIN_CALLS = List.of(
            new Call("create", r -> r.body("{\"name\":\"X\",\"slug\":\"x\"}").post("/categories")),
            new Call("patch", r -> r.body("{\"name\":\"X\"}").patch("/categories/jazz")),
            new Call("move", r -> r.body("{\"parent\":null}").patch("/categories/bop")),
            new Call("delete", r -> r.delete("/categories/bop")),
            new Call("verify", r -> r.get("/admin/categories/verify")),
            new Call("repair", r -> r.post("/admin/categories/repair")));

    @Test
    void adminEndpointsNeedAnAdminToken() {
        Trees.reset();
        new Model().add("Jazz", "jazz", null).add("Bop", "bop", "jazz");
        List<Document> before = TestDatabase.snapshot("categories");
        for (Call call : ADMIN_CALLS) {
            call.send().apply(given().contentType(ContentType.JSON)).then().statusCode(401)
                    .contentType("application/problem+json").header("WWW-Authenticate", "Bearer");
            for (String token : List.of(TestTokens.expiredAdmin(), TestTokens.forgedAdmin(), "not.a.jwt")) {
                call.send().apply(given().auth().oauth2(token).contentType(ContentType.JSON)).then()
                        .statusCode(401).contentType("application/problem+json");
            }
            call.send().apply(given().auth().oauth2(TestTokens.withRoles("customer")).contentType(ContentType.JSON)).then()
                    .statusCode(403).contentType("application/problem+json").body("status", equalTo(403));
        }
        assertEquals(before, TestDatabase.snapshot("categories"), "no change by " + ADMIN_CALLS.size() + " refused calls");
        given().get("/categories/bop").then().statusCode(200);
        given().get("/categories/bop/subtree-ids").then().statusCode(200);
    }
}

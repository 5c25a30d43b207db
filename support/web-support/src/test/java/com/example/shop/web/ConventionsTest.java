package com.example.shop.web;

import com.example.shop.problems.Problem;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ConventionsTest {

    private static final String VALID = "{\"title\":\"Kind of Blue\",\"qty\":2,\"tags\":[\"jazz\"],\"pricing\":{\"list\":1199}}";

    @Test
    void validBodyIsAccepted() {
        given().contentType(ContentType.JSON).body(VALID)
                .when().post("/probe")
                .then().statusCode(200).body("title", equalTo("Kind of Blue"));
    }

    @Test
    void malformedJsonIsAProblem() {
        given().contentType(ContentType.JSON).body("{\"title\": ")
                .when().post("/probe")
                .then().statusCode(400).contentType("application/problem+json")
                .body("type", equalTo(Problem.TYPE_BASE + "malformed-json"))
                .body("status", equalTo(400));
    }

    @Test
    void operatorObjectWhereAStringIsExpectedNamesTheField() {
        given().contentType(ContentType.JSON)
                .body("{\"title\":{\"$ne\":null},\"qty\":2,\"pricing\":{\"list\":1}}")
                .when().post("/probe")
                .then().statusCode(400).contentType("application/problem+json")
                .body("field", equalTo("title"))
                .body("detail", containsString("'title' must be a string"));
    }

    @Test
    void numberIsNotCoercedToString() {
        given().contentType(ContentType.JSON).body("{\"title\":5,\"qty\":2,\"pricing\":{\"list\":1}}")
                .when().post("/probe")
                .then().statusCode(400).body("field", equalTo("title"));
    }

    @Test
    void fractionIsNotAnInteger() {
        given().contentType(ContentType.JSON).body("{\"title\":\"t\",\"qty\":2,\"pricing\":{\"list\":10.5}}")
                .when().post("/probe")
                .then().statusCode(400).body("field", equalTo("pricing.list"));
    }

    @Test
    void stringIsNotANumber() {
        given().contentType(ContentType.JSON).body("{\"title\":\"t\",\"qty\":\"2\",\"pricing\":{\"list\":1}}")
                .when().post("/probe")
                .then().statusCode(400).body("field", equalTo("qty"));
    }

    @Test
    void aBodyNotInUtf8IsMalformedJson() {
        for (byte[] body : new byte[][] {VALID.getBytes(java.nio.charset.StandardCharsets.UTF_16),
                VALID.getBytes(java.nio.charset.StandardCharsets.UTF_16LE),
                ("\uFEFF" + VALID).getBytes(java.nio.charset.StandardCharsets.UTF_8)}) {
            given().contentType(ContentType.JSON).body(body)
                    .when().post("/probe")
                    .then().statusCode(400).contentType("application/problem+json")
                    .body("type", equalTo(Problem.TYPE_BASE + "malformed-json"))
                    .body("detail", containsString("UTF-8"));
        }
        given().contentType(ContentType.JSON).body(VALID.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .when().post("/probe").then().statusCode(200);
    }

    @Test
    void unknownFieldIsRefused() {
        given().contentType(ContentType.JSON).body("{\"title\":\"t\",\"qty\":2,\"pricing\":{\"list\":1},\"colour\":\"red\"}")
                .when().post("/probe")
                .then().statusCode(400).body("field", equalTo("colour"))
                .body("type", equalTo(Problem.TYPE_BASE + "unknown-field"));
    }

    @Test
    void beanValidationNamesTheNestedField() {
        given().contentType(ContentType.JSON).body("{\"title\":\"t\",\"qty\":2,\"pricing\":{\"list\":-1}}")
                .when().post("/probe")
                .then().statusCode(400).contentType("application/problem+json")
                .body("field", equalTo("pricing.list"));
        given().contentType(ContentType.JSON).body("{\"qty\":2,\"pricing\":{\"list\":1}}")
                .when().post("/probe")
                .then().statusCode(400).body("field", equalTo("title"));
    }

    @Test
    void listElementsAreNamedWithTheirIndex() {
        given().contentType(ContentType.JSON)
                .body("{\"title\":\"t\",\"qty\":2,\"pricing\":{\"list\":1},\"tags\":[\"a\",\" \"]}")
                .when().post("/probe")
                .then().statusCode(400).body("field", equalTo("tags[1]"));
        given().contentType(ContentType.JSON)
                .body("{\"title\":\"t\",\"qty\":2,\"pricing\":{\"list\":1},\"tracks\":[{\"name\":\"x\"},{\"name\":\"\"}]}")
                .when().post("/probe")
                .then().statusCode(400).body("field", equalTo("tracks[1].name"));
    }

    @Test
    void wrongRootShapeIsAProblem() {
        given().contentType(ContentType.JSON).body("[1,2]")
                .when().post("/probe")
                .then().statusCode(400).contentType("application/problem+json");
    }

    @Test
    void unknownQueryParameterIsNamed() {
        given().queryParam("gnre", "Jazz")
                .when().get("/probe")
                .then().statusCode(400).contentType("application/problem+json")
                .body("field", equalTo("gnre"))
                .body("detail", containsString("'gnre'"));
        given().queryParam("type[$ne]", "x")
                .when().get("/probe")
                .then().statusCode(400).body("field", equalTo("type[$ne]"));
        given().queryParam("genre", "Jazz").queryParam("limit", 5)
                .when().get("/probe")
                .then().statusCode(200).body("genre", equalTo("Jazz"));
    }

    @Test
    void queryParameterValidationNamesTheParameter() {
        given().queryParam("limit", 0).when().get("/probe")
                .then().statusCode(400).body("field", equalTo("limit"));
        given().queryParam("limit", "ten").when().get("/probe")
                .then().statusCode(400).contentType("application/problem+json")
                .body("field", equalTo("limit"));
        given().queryParam("genre", "Jazz").queryParam("genre", "Rock").when().get("/probe")
                .then().statusCode(400).body("field", equalTo("genre"));
    }

    @Test
    void problemExceptionKeepsItsExtensions() {
        given().when().get("/probe/conflict")
                .then().statusCode(409).contentType("application/problem+json")
                .body("type", equalTo(Problem.TYPE_BASE + "duplicate-sku"))
                .body("sku", equalTo("x"));
    }

    @Test
    void unexpectedFailureRevealsNothing() {
        given().when().get("/probe/bug")
                .then().statusCode(500).contentType("application/problem+json")
                .body(not(containsString("secret")))
                .body(not(containsString("Exception")));
    }

    @Test
    void unreachableDatabaseIsA503() {
        given().when().get("/probe/database")
                .then().statusCode(503).contentType("application/problem+json")
                .header("Retry-After", "2")
                .body("type", equalTo(Problem.TYPE_BASE + "service-unavailable"))
                .body("dependency", equalTo("mongodb"));
    }

    @Test
    void unknownPathIsAProblem() {
        given().when().get("/nowhere")
                .then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void oversizedBodyIsA413Problem() {
        given().contentType(ContentType.JSON).body("{\"title\":\"" + "x".repeat(2000) + "\"}")
                .when().post("/probe")
                .then().statusCode(413).contentType("application/problem+json");
    }

    @Test
    void oversizedBodyWithoutALengthIsA413ProblemToo() {
        // Vert.x's own limit is the import's (1 GiB): a chunked JSON body is cut off as it is read.
        byte[] body = ("{\"title\":\"" + "x".repeat(2000) + "\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        given().contentType(ContentType.JSON).body(new java.io.ByteArrayInputStream(body))
                .when().post("/probe")
                .then().statusCode(413).contentType("application/problem+json")
                .body("type", equalTo(Problem.TYPE_BASE + "payload-too-large"));
    }
}

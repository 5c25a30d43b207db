package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code /api/openapi}: the stubs' documents merged, as clients call the paths, refreshed when a service changes. */
@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class ApiDocumentTest {

    @AfterEach
    void restore() {
        Stubs.document("catalog", 0);
        Stubs.up("cart");
    }

    private static JsonPath document() {
        return given().get("/api/openapi").then().statusCode(200)
                .contentType("application/json").extract().jsonPath();
    }

    @Test
    void everyRoutedPathIsThereAsClientsCallItAndNothingElse() {
        JsonPath doc = document();
        assertEquals("3.1.0", doc.getString("openapi"));
        Map<String, Object> paths = doc.getMap("paths");
        assertTrue(paths.keySet().containsAll(List.of("/api/products", "/api/products/{sku}", "/api/categories",
                "/api/admin/categories/verify", "/api/carts", "/api/openapi")), paths.keySet().toString());
        assertFalse(paths.keySet().stream().anyMatch(path -> path.contains("hidden")), "a path the gateway does not route");
        assertFalse(paths.containsKey("/products"));
        assertEquals("{scheme}://{host}", doc.getString("servers[0].url"));
    }

    @Test
    void clashingSchemaNamesAreRenamedAndTheirReferencesFollow() {
        JsonPath doc = document();
        Map<String, Object> schemas = doc.getMap("components.schemas");
        // catalog comes first and keeps Page; category's different Page is renamed; Problem is one for all.
        assertTrue(schemas.containsKey("Page") && schemas.containsKey("CategoryPage"), schemas.keySet().toString());
        assertTrue(doc.getMap("components.schemas.Page.properties").containsKey("skus"));
        assertTrue(doc.getMap("components.schemas.CategoryPage.properties").containsKey("slugs"));
        assertEquals("#/components/schemas/CategoryPage",
                doc.getString("paths.'/api/categories'.get.responses.'200'.content.'application/json'.schema.'$ref'"));
        assertEquals("#/components/schemas/Page",
                doc.getString("paths.'/api/products'.get.responses.'200'.content.'application/json'.schema.'$ref'"));
    }

    @Test
    void theGatewaysOwnAnswersAndTheAdminSchemeAreDocumented() {
        JsonPath doc = document();
        String listProducts = "paths.'/api/products'.get.";
        assertEquals("#/components/responses/GatewayBadGateway", doc.getString(listProducts + "responses.'502'.'$ref'"));
        assertEquals("#/components/responses/GatewayServiceUnavailable", doc.getString(listProducts + "responses.'503'.'$ref'"));
        assertEquals("#/components/responses/GatewayTimeout", doc.getString(listProducts + "responses.'504'.'$ref'"));
        assertEquals(null, (Object) doc.get(listProducts + "security"), "a public read needs no token");
        String create = "paths.'/api/products'.post.";
        assertEquals(List.of(Map.of("adminBearer", List.of())), doc.getList(create + "security"));
        assertEquals("#/components/responses/GatewayUnauthorized", doc.getString(create + "responses.'401'.'$ref'"));
        assertEquals("#/components/responses/GatewayForbidden", doc.getString(create + "responses.'403'.'$ref'"));
        assertEquals("#/components/responses/GatewayPayloadTooLarge", doc.getString(create + "responses.'413'.'$ref'"));
        assertEquals(List.of(Map.of("adminBearer", List.of())), doc.getList("paths.'/api/admin/categories/verify'.get.security"));
        assertEquals(null, (Object) doc.get("paths.'/api/carts'.post.security"), "carts are public");
        // What a service documents itself is kept.
        assertEquals("Not found", doc.getString("paths.'/api/products/{sku}'.get.responses.'404'.description"));
        assertEquals("bearer", doc.getString("components.securitySchemes.adminBearer.scheme"));
        assertTrue(doc.getMap("components.responses.GatewayServiceUnavailable.headers").containsKey("Retry-After"));
    }

    @Test
    void yamlByFormatOrByAcceptAndJsonOtherwise() {
        given().queryParam("format", "yaml").get("/api/openapi").then().statusCode(200)
                .contentType("application/yaml").body(startsWith("openapi: 3.1.0"));
        given().accept("application/yaml").get("/api/openapi").then().statusCode(200).contentType("application/yaml");
        given().accept("text/yaml;q=0.5, application/json").get("/api/openapi").then().statusCode(200).contentType("application/json");
        given().accept("application/json, application/yaml").get("/api/openapi").then().statusCode(200).contentType("application/json");
        given().accept("application/yaml").queryParam("format", "json").get("/api/openapi").then().statusCode(200).contentType("application/json");
        given().queryParam("format", "xml").get("/api/openapi").then().statusCode(400)
                .contentType("application/problem+json").body("field", equalTo("format"));
        given().post("/api/openapi").then().statusCode(405).header("Allow", "GET, HEAD");
    }

    @Test
    void aTagPerFormAndIfNoneMatchIs304() {
        Response json = given().get("/api/openapi");
        Response yaml = given().queryParam("format", "yaml").get("/api/openapi");
        String tag = json.header("ETag");
        assertTrue(tag.startsWith("W/\""), tag);
        assertNotEquals(tag, yaml.header("ETag"));
        given().header("If-None-Match", tag).get("/api/openapi").then().statusCode(304).body(emptyString());
        given().header("If-None-Match", yaml.header("ETag")).queryParam("format", "yaml").get("/api/openapi").then().statusCode(304);
        given().header("If-None-Match", yaml.header("ETag")).get("/api/openapi").then().statusCode(200);
        given().head("/api/openapi").then().statusCode(200).header("ETag", tag);
    }

    @Test
    void aChangedServiceDocumentShowsAfterTheCacheTtl() throws Exception {
        String before = given().get("/api/openapi").header("ETag");
        Stubs.document("catalog", 1);
        long deadline = System.nanoTime() + 10_000_000_000L;
        JsonPath doc = document();
        while (!doc.getMap("paths").containsKey("/api/products/new-in-v1") && System.nanoTime() < deadline) {
            Thread.sleep(100);
            doc = document();
        }
        assertTrue(doc.getMap("paths").containsKey("/api/products/new-in-v1"), "the new path never showed");
        assertNotEquals(before, given().get("/api/openapi").header("ETag"));
    }

    @Test
    void aServiceThatIsDownKeepsItsLastDocument() throws Exception {
        document();
        Stubs.down("cart");
        Thread.sleep(400); // past the 300 ms cache TTL of the tests: the next request fetches again
        JsonPath doc = document();
        assertTrue(doc.getMap("paths").containsKey("/api/carts"));
    }
}

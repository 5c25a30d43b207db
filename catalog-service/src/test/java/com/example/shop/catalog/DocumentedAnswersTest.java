package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.PublishedSchema;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The catalog's answers agree with the document it publishes (the one the gateway merges): a
 * client generated from it with non-null types reads them. A product type says nothing it does not
 * have: without its own {@code max_per_cart} (the platform default applies) or description, those
 * members are absent, never null; the last page of a listing has {@code next} null, which the
 * document allows.
 *
 * <p>And the document keeps what it documents: every operation at least the statuses recorded in
 * {@code documented-statuses.txt}, each problem answer with the problem body, whether a resource
 * declares the answer or web-support's ProblemDocumentation adds it.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class DocumentedAnswersTest {

    private PublishedSchema document;

    @BeforeEach
    void readTheDocument() {
        document = PublishedSchema.ofTheServiceUnderTest();
    }

    @Test
    void everyOperationKeepsItsDocumentedStatuses() {
        document.assertKeepsStatuses("/documented-statuses.txt");
    }

    @Test
    void aTypeWithoutItsOwnLimitOrDescriptionLeavesThemOut() {
        String name = "Plain " + UUID.randomUUID().toString().substring(0, 6);
        Map<String, Object> declared = new LinkedHashMap<>();
        declared.put("name", name);
        declared.put("attributes", List.of(Map.of("name", "colour", "type", "string")));
        Response created = admin().body(declared).when().post("/product-types");
        created.then().statusCode(201).body("$", not(hasKey("max_per_cart"))).body("$", not(hasKey("description")))
                .body("attributes[0].required", equalTo(false));
        document.assertConforms("POST", "/product-types", created);

        Response one = given().when().get("/product-types/" + name);
        one.then().statusCode(200).body("$", not(hasKey("max_per_cart"))).body("$", not(hasKey("description")))
                .body("attributes[0].required", equalTo(false));
        document.assertConforms("GET", "/product-types/{name}", one);

        Response all = given().when().get("/product-types");
        all.then().statusCode(200);
        document.assertConforms("GET", "/product-types", all);
    }

    @Test
    void aTypeWithItsOwnLimitShowsIt() {
        String name = "Limited " + UUID.randomUUID().toString().substring(0, 6);
        Response created = admin().body(Map.of("name", name, "description", "at most two a cart", "max_per_cart", 2,
                "attributes", List.of())).when().post("/product-types");
        created.then().statusCode(201).body("max_per_cart", equalTo(2));
        document.assertConforms("POST", "/product-types", created);
        Response one = given().when().get("/product-types/" + name);
        one.then().statusCode(200).body("max_per_cart", equalTo(2));
        document.assertConforms("GET", "/product-types/{name}", one);
    }

    @Test
    void aProductAndTheLastPageOfAListing() {
        String sku = sku("documented");
        Response created = admin().body(Fixtures.album(sku, "Documented " + sku, "Someone", List.of("Jazz"), "1959-08-17",
                1500, 1200)).when().post("/products");
        created.then().statusCode(201);
        document.assertConforms("POST", "/products", created);

        Response product = given().when().get("/products/" + sku);
        product.then().statusCode(200);
        document.assertConforms("GET", "/products/{sku}", product);

        Response lastPage = given().queryParam("title", sku).when().get("/products");
        lastPage.then().statusCode(200).body("items.size()", equalTo(1)).body("next", nullValue());
        document.assertConforms("GET", "/products", lastPage);
    }

    /** keywords_extra is declared for the answers about one product, as the list of strings they carry. */
    @Test
    void theKeywordsTypedByHandAreDeclared() {
        JsonPath published = given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .extract().jsonPath();
        String declared = "components.schemas.Product.properties.keywords_extra";
        assertEquals("array", published.getString(declared + ".type"));
        assertEquals("string", published.getString(declared + ".items.type"));

        String sku = sku("documented-kw");
        Map<String, Object> body = Fixtures.anAlbum(sku);
        body.put("keywords", List.of("Cape Cod"));
        Response created = admin().body(body).when().post("/products");
        created.then().statusCode(201).body("keywords_extra", equalTo(List.of("cape cod")));
        document.assertConforms("POST", "/products", created);

        Response replaced = admin().header("If-Match", "1").body(body).when().put("/products/" + sku);
        replaced.then().statusCode(200).body("keywords_extra", equalTo(List.of("cape cod")));
        document.assertConforms("PUT", "/products/{sku}", replaced);

        Response product = given().when().get("/products/" + sku);
        product.then().statusCode(200).body("keywords_extra", equalTo(List.of("cape cod")));
        document.assertConforms("GET", "/products/{sku}", product);
    }

    @Test
    void aProblemToo() {
        Response problem = given().when().get("/product-types/No Such Type");
        problem.then().statusCode(404);
        document.assertConforms("GET", "/product-types/{name}", problem);
    }
}

package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.Document;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class ProductTypeTest {

    @Test
    void builtInTypesExistOutOfTheBox() {
        given().when().get("/product-types").then().statusCode(200)
                .body("name", hasItems("Audio Album", "Film"));
        given().when().get("/product-types/Film").then().statusCode(200)
                .body("attributes.find { it.name == 'actor' }.type", equalTo("string_list"))
                .body("attributes.find { it.name == 'issue_date' }.type", equalTo("date"))
                .body("attributes.find { it.name == 'director' }.required", equalTo(true));
        given().when().get("/product-types/Audio Album").then().statusCode(200)
                .body("attributes.name", hasItems("artist", "genre", "tracks", "issue_date"));
        given().when().get("/product-types/Spaceship").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void seedingIsIdempotent() {
        assertEquals(1, TestDatabase.database("catalog").getCollection("product_types")
                .countDocuments(new Document("_id", "Film")));
    }

    @Test
    void aNewTypeIsDeclaredThenUsedWithoutCodeChange() {
        String name = "Book " + UUID.randomUUID().toString().substring(0, 6);
        Map<String, Object> type = Map.of("name", name, "description", "A printed book", "attributes", List.of(
                Map.of("name", "author", "type", "string_list", "required", true),
                Map.of("name", "pages", "type", "integer", "required", true),
                Map.of("name", "weight_kg", "type", "number"),
                Map.of("name", "hardcover", "type", "boolean"),
                Map.of("name", "issue_date", "type", "date")));
        admin().body(type).when().post("/product-types").then().statusCode(201)
                .header("Location", containsString("/product-types/Book%20"))
                .body("name", equalTo(name));
        given().when().get("/product-types/" + name).then().statusCode(200).body("attributes.size()", equalTo(5));
        admin().body(type).when().post("/product-types").then().statusCode(409).contentType("application/problem+json");

        String sku = sku("book");
        Map<String, Object> details = new LinkedHashMap<>(Map.of("author", List.of("Herman Melville"), "pages", 635,
                "weight_kg", 0.8, "hardcover", true, "issue_date", "1851-10-18"));
        admin().body(Fixtures.product(sku, name, "Moby-Dick", details, 1500, 1200))
                .when().post("/products").then().statusCode(201)
                .body("details.pages", equalTo(635))
                .body("details.issue_date", equalTo("1851-10-18"));
        given().queryParam("type", name).when().get("/products").then().statusCode(200)
                .body("items.sku", equalTo(List.of(sku)));

        List<Document> before = TestDatabase.snapshot("catalog");
        Map<String, Object> missing = new LinkedHashMap<>(details);
        missing.remove("pages");
        admin().body(Fixtures.product(sku("book"), name, "t", missing, 1, 1)).when().post("/products")
                .then().statusCode(400).body("field", equalTo("details.pages"))
                .body("detail", containsString("required"));
        Map<String, Object> wrong = new LinkedHashMap<>(details);
        wrong.put("pages", "635");
        admin().body(Fixtures.product(sku("book"), name, "t", wrong, 1, 1)).when().post("/products")
                .then().statusCode(400).body("field", equalTo("details.pages"));
        wrong.put("pages", 6.5);
        admin().body(Fixtures.product(sku("book"), name, "t", wrong, 1, 1)).when().post("/products")
                .then().statusCode(400).body("field", equalTo("details.pages"));
        Map<String, Object> undeclared = new LinkedHashMap<>(details);
        undeclared.put("colour", "white");
        admin().body(Fixtures.product(sku("book"), name, "t", undeclared, 1, 1)).when().post("/products")
                .then().statusCode(400).body("field", equalTo("details.colour"));
        Map<String, Object> listOfNumbers = new LinkedHashMap<>(details);
        listOfNumbers.put("author", List.of("ok", 3));
        admin().body(Fixtures.product(sku("book"), name, "t", listOfNumbers, 1, 1)).when().post("/products")
                .then().statusCode(400).body("field", equalTo("details.author[1]"));
        assertEquals(before, TestDatabase.snapshot("catalog"));
    }

    @Test
    void detailsAreCheckedAgainstTheBuiltInTypes() {
        List<Document> before = TestDatabase.snapshot("catalog");
        Map<String, Object> album = Fixtures.anAlbum(sku("typed"));
        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) album.get("details");
        details.remove("issue_date");
        admin().body(album).when().post("/products").then().statusCode(400)
                .body("field", equalTo("details.issue_date"));
        details.put("issue_date", "yesterday");
        admin().body(album).when().post("/products").then().statusCode(400)
                .body("field", equalTo("details.issue_date"));
        details.put("issue_date", "1965-02-01");
        details.put("genre", "Jazz");
        admin().body(album).when().post("/products").then().statusCode(400)
                .body("field", equalTo("details.genre"));
        Map<String, Object> film = Fixtures.film(sku("typed"), "The Matrix", List.of("Keanu Reeves"), List.of("Sci-Fi"),
                "1999-03-31", 1000, 900);
        @SuppressWarnings("unchecked")
        Map<String, Object> filmDetails = (Map<String, Object>) film.get("details");
        filmDetails.put("artist", "not a film attribute");
        admin().body(film).when().post("/products").then().statusCode(400)
                .body("field", equalTo("details.artist"));
        assertEquals(before, TestDatabase.snapshot("catalog"));
    }

    @Test
    void invalidDeclarationsAreRefused() {
        List<Document> before = TestDatabase.snapshot("catalog");
        admin().body(Map.of("name", "X1", "attributes", List.of(Map.of("name", "a", "type", "colour"))))
                .when().post("/product-types").then().statusCode(400).body("field", equalTo("attributes[0].type"));
        admin().body(Map.of("name", "X2", "attributes", List.of(Map.of("name", "$where", "type", "string"))))
                .when().post("/product-types").then().statusCode(400).body("field", equalTo("attributes[0].name"));
        admin().body(Map.of("name", "X3", "attributes", List.of(Map.of("name", "a.b", "type", "string"))))
                .when().post("/product-types").then().statusCode(400).body("field", equalTo("attributes[0].name"));
        admin().body(Map.of("name", "X4", "attributes", List.of(Map.of("name", "a", "type", "string"),
                Map.of("name", "a", "type", "integer"))))
                .when().post("/product-types").then().statusCode(400).body("field", equalTo("attributes[1].name"));
        admin().body(Map.of("name", "X5", "attributes", List.of(Map.of("name", "issue_date", "type", "string"))))
                .when().post("/product-types").then().statusCode(400).body("field", equalTo("attributes[0].type"));
        admin().body(Map.of("name", "", "attributes", List.of()))
                .when().post("/product-types").then().statusCode(400).body("field", equalTo("name"));
        admin().body(Map.of("name", "X6"))
                .when().post("/product-types").then().statusCode(400).body("field", equalTo("attributes"));
        given().contentType("application/json").body(Map.of("name", "X7", "attributes", List.of()))
                .when().post("/product-types").then().statusCode(401);
        assertEquals(before, TestDatabase.snapshot("catalog"));
    }
}

package com.example.shop.cart;

import static com.example.shop.cart.support.Api.asAdmin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class InventoryApiTest {

    @Test
    void setStockThenReadIt() {
        String sku = Api.newSku("INV");
        asAdmin().contentType(ContentType.JSON).body("{\"qty\":40}").put("/inventory/" + sku)
                .then().statusCode(200).body("sku", equalTo(sku)).body("available", equalTo(40)).body("reserved", equalTo(0));
        given().get("/inventory/" + sku).then().statusCode(200)
                .body("available", equalTo(40)).body("reserved", equalTo(0));
        assertEquals(40, Invariant.stocked(sku));
    }

    @Test
    void restockAddsAtomicallyAndCreatesUnknownSkus() {
        String sku = Api.newSku("INV");
        asAdmin().contentType(ContentType.JSON).body("{\"qty\":5}").post("/inventory/" + sku + "/restock")
                .then().statusCode(200).body("available", equalTo(5));
        asAdmin().contentType(ContentType.JSON).body("{\"qty\":7}").post("/inventory/" + sku + "/restock")
                .then().statusCode(200).body("available", equalTo(12));
        assertEquals(12, Invariant.stocked(sku));
    }

    @Test
    void settingStockIsAnAdjustmentThatKeepsReservationsAndTheInvariant() {
        String sku = Api.newSku("INV");
        Api.stock(sku, 10);
        String cart = Api.newCart();
        Api.add(cart, sku, 4).then().statusCode(200);
        // set available to 2: the 4 reserved stay reserved, the stocked total drops by 4
        asAdmin().contentType(ContentType.JSON).body("{\"qty\":2}").put("/inventory/" + sku)
                .then().statusCode(200).body("available", equalTo(2)).body("reserved", equalTo(4));
        assertEquals(6, Invariant.stocked(sku));
        asAdmin().contentType(ContentType.JSON).body("{\"qty\":0}").put("/inventory/" + sku)
                .then().statusCode(200).body("available", equalTo(0));
        Api.add(cart, sku, 1).then().statusCode(409).body("available", equalTo(0));
        Invariant.assertConservation();
    }

    @Test
    void publicViewNeverRevealsCartIds() {
        String sku = Api.newSku("INV");
        Api.stock(sku, 3);
        String cart = Api.newCart();
        Api.add(cart, sku, 1).then().statusCode(200);
        given().get("/inventory/" + sku).then().statusCode(200)
                .body("reserved", equalTo(1))
                .body(not(containsString(cart)))
                .body(not(containsString("carted")));
    }

    @Test
    void unknownSkuIs404AndMalformedSkuIs400() {
        given().get("/inventory/" + Api.newSku("NOPE")).then().statusCode(404).contentType("application/problem+json");
        given().get("/inventory/bad$sku").then().statusCode(400).contentType("application/problem+json")
                .body("field", equalTo("sku"));
    }

    @Test
    void writesNeedAnAdminToken() {
        String sku = Api.newSku("INV");
        var before = Invariant.snapshot();
        given().contentType(ContentType.JSON).body("{\"qty\":1}").put("/inventory/" + sku)
                .then().statusCode(401).contentType("application/problem+json");
        given().auth().oauth2(TestTokens.withRoles("customer")).contentType(ContentType.JSON).body("{\"qty\":1}")
                .put("/inventory/" + sku).then().statusCode(403).contentType("application/problem+json");
        given().auth().oauth2(TestTokens.expiredAdmin()).contentType(ContentType.JSON).body("{\"qty\":1}")
                .post("/inventory/" + sku + "/restock").then().statusCode(401);
        given().auth().oauth2(TestTokens.forgedAdmin()).contentType(ContentType.JSON).body("{\"qty\":1}")
                .post("/inventory/" + sku + "/restock").then().statusCode(401);
        given().post("/admin/jobs/expire-carts").then().statusCode(401);
        given().auth().oauth2(TestTokens.withRoles("customer")).post("/admin/jobs/cleanup-inventory").then().statusCode(403);
        given().auth().oauth2(TestTokens.withRoles("customer")).post("/admin/jobs/resolve-checkouts").then().statusCode(403);
        assertEquals(before, Invariant.snapshot());
    }

    @Test
    void badStockBodiesAreRefusedAndChangeNothing() {
        String sku = Api.newSku("INV");
        Api.stock(sku, 5);
        var before = Invariant.snapshot();
        for (String body : new String[] {"{\"qty\":-1}", "{\"qty\":1.5}", "{\"qty\":\"3\"}", "{\"qty\":{\"$inc\":5}}",
                "{\"qty\":2000000}", "{}", "{\"qty\":3,\"sold\":0}", "[]", "{\"qty\":"}) {
            asAdmin().contentType(ContentType.JSON).body(body).put("/inventory/" + sku)
                    .then().statusCode(400).contentType("application/problem+json");
            asAdmin().contentType(ContentType.JSON).body(body).post("/inventory/" + sku + "/restock")
                    .then().statusCode(400).contentType("application/problem+json");
        }
        asAdmin().contentType(ContentType.JSON).body("{\"qty\":0}").post("/inventory/" + sku + "/restock")
                .then().statusCode(400).body("field", equalTo("qty"));
        assertEquals(before, Invariant.snapshot());
    }
}

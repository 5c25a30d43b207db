package com.example.shop.cart;

import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.cart.support.Catalog;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.publicapi.RequestIds;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.LogCapture;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One add-to-cart followed by its X-Request-Id: answered by the cart, sent on to the catalog (the
 * stub records what arrives), and carried by the cart's log line of that request.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class RequestIdTest {

    static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    @AfterEach
    void catalogUp() {
        Catalog.mode("up");
    }

    private static Response add(String requestId, String cart, String sku) {
        var request = given().contentType(ContentType.JSON).body("{\"sku\":\"" + sku + "\",\"qty\":1}");
        if (requestId != null) {
            request.header(RequestIds.HEADER, requestId);
        }
        return request.post("/carts/" + cart + "/items");
    }

    @Test
    void anAddToCartSendsItsIdToTheCatalogAndAnswersIt() {
        String sku = newSku("RID");
        stock(sku, 5);
        add("storefront-9.q", newCart(), sku).then().statusCode(200).header(RequestIds.HEADER, "storefront-9.q");
        assertEquals("storefront-9.q", Catalog.requestIdReceivedFor(sku));
    }

    @Test
    void anAddToCartWithoutAnIdSendsTheOneItWasGiven() {
        String sku = newSku("RID");
        stock(sku, 5);
        Response response = add(null, newCart(), sku);
        response.then().statusCode(200).header(RequestIds.HEADER, matchesPattern(UUID));
        assertEquals(response.header(RequestIds.HEADER), Catalog.requestIdReceivedFor(sku));
    }

    @Test
    void anInvalidIdIsReplacedAndTheReplacementIsWhatTheCatalogGets() {
        String sku = newSku("RID");
        stock(sku, 5);
        Response response = add("x".repeat(RequestIds.MAX_LENGTH + 1), newCart(), sku);
        response.then().statusCode(200).header(RequestIds.HEADER, matchesPattern(UUID));
        assertEquals(response.header(RequestIds.HEADER), Catalog.requestIdReceivedFor(sku));

        String other = newSku("RID");
        stock(other, 5);
        response = add("evil\" id", newCart(), other);
        response.then().statusCode(200).header(RequestIds.HEADER, matchesPattern(UUID));
        assertEquals(response.header(RequestIds.HEADER), Catalog.requestIdReceivedFor(other));
    }

    @Test
    void theLogLineOfAnAddToCartCarriesItsId() {
        String sku = newSku("RID");
        stock(sku, 5);
        String cart = newCart();
        Catalog.mode("down");
        try (LogCapture log = LogCapture.of("com.example.shop.cart", RequestIds.MDC_KEY)) {
            add("slow-add-1", cart, sku).then().statusCode(503).header(RequestIds.HEADER, "slow-add-1");
            assertEquals("slow-add-1", log.await(l -> l.message().equals("Catalog unavailable for " + sku)).mdc());
            assertEquals("slow-add-1", Catalog.requestIdReceivedFor(sku));
        }
    }
}

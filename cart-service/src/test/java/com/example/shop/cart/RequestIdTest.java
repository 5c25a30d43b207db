package com.example.shop.cart;

import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * One add-to-cart followed by its X-Request-Id and its trace: the id answered by the cart, both sent
 * on to the catalog (the stub records what arrives), and both carried by the cart's log line of that
 * request. No exporter is configured here, so the spans are not recorded: their ids travel all the same
 * (the tests run with the SDK on, %test; the packaged service has it off without an endpoint).
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

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CALLER_SPAN = "00f067aa0ba902b7";

    private static Response add(String requestId, String cart, String sku) {
        return add(requestId, null, cart, sku);
    }

    private static Response add(String requestId, String traceparent, String cart, String sku) {
        var request = given().contentType(ContentType.JSON).body("{\"sku\":\"" + sku + "\",\"qty\":1}");
        if (requestId != null) {
            request.header(RequestIds.HEADER, requestId);
        }
        if (traceparent != null) {
            request.header("traceparent", traceparent);
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

    @Test
    void anAddToCartContinuesTheCallersTraceAndSendsItOnToTheCatalog() {
        String sku = newSku("TRC");
        stock(sku, 5);
        add("traced-2", "00-" + TRACE + "-" + CALLER_SPAN + "-01", newCart(), sku).then().statusCode(200);
        String forwarded = Catalog.traceparentReceivedFor(sku);
        assertTrue(forwarded.matches("00-" + TRACE + "-[0-9a-f]{16}-0[01]"), "the catalog joins the caller's trace: " + forwarded);
        assertNotEquals(CALLER_SPAN, forwarded.split("-")[2], "its parent is the cart's span, not the caller's");
    }

    @Test
    void theLogLineOfAnAddToCartNamesItsTrace() {
        String sku = newSku("TRC");
        stock(sku, 5);
        String cart = newCart();
        Catalog.mode("down");
        try (LogCapture log = LogCapture.of("com.example.shop.cart", "traceId");
             LogCapture access = LogCapture.of("io.quarkus.http.access-log", "traceId")) {
            add("traced-3", "00-" + TRACE + "-" + CALLER_SPAN + "-01", cart, sku).then().statusCode(503);
            assertEquals(TRACE, log.await(l -> l.message().equals("Catalog unavailable for " + sku)).mdc());
            assertEquals(TRACE, access.await(l -> l.message().contains("\"POST /carts/" + cart + "/items HTTP/1.1\" 503")).mdc(),
                    "the access-log line of the request names its trace too");
        }
    }
}

package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.change;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.remove;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.nullValue;

import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.VariantProduct;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.PublishedSchema;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The cart service's answers agree with the document it publishes (the one the gateway merges): a
 * cart's {@code currency} is that of its lines, so a cart without a line has none. That is a real
 * state (filling in a currency would be a guess the first line might contradict), so the document
 * says the member is a string or null, and is always there.
 *
 * <p>And the document keeps what it documents: every operation at least the statuses recorded in
 * {@code documented-statuses.txt}, each problem answer with the problem body, whether a resource
 * declares the answer or web-support's ProblemDocumentation adds it.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
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
    void aCartWithoutLinesHasNoCurrencyYetThenTheLinesOne() {
        Response created = given().post("/carts");
        created.then().statusCode(201).body("$", hasKey("currency")).body("currency", nullValue());
        document.assertConforms("POST", "/carts", created);
        String cart = created.path("id");

        Response read = given().get("/carts/" + cart);
        read.then().statusCode(200).body("currency", nullValue());
        document.assertConforms("GET", "/carts/{id}", read);

        String sku = newSku("PRICE-250");
        stock(sku, 5);
        Response added = add(cart, sku, 2);
        added.then().statusCode(200).body("currency", equalTo("USD"));
        document.assertConforms("POST", "/carts/{id}/items", added);

        Response emptied = remove(cart, sku);
        emptied.then().statusCode(200).body("currency", nullValue());
        document.assertConforms("DELETE", "/carts/{id}/items/{sku}", emptied);
    }

    /** A paid checkout's answer carries its order, a pending one none; the order reads as documented. */
    @Test
    void aCheckoutAndItsOrderAnswerAsDocumented() {
        String sku = newSku("DOC-ORDER");
        stock(sku, 5);
        String cart = given().post("/carts").then().statusCode(201).extract().path("id");
        add(cart, sku, 2).then().statusCode(200);
        Response paid = com.example.shop.cart.support.Api.checkout(cart, "doc-1", "approve");
        paid.then().statusCode(200).body("order.number", org.hamcrest.Matchers.notNullValue());
        document.assertConforms("POST", "/carts/{id}/checkout", paid);
        Response order = com.example.shop.cart.support.Api.order(paid.<Integer>path("order.number"), paid.path("order.token"));
        order.then().statusCode(200);
        document.assertConforms("GET", "/orders/{number}", order);
        Response unknown = com.example.shop.cart.support.Api.order(paid.<Integer>path("order.number"), "wrong");
        unknown.then().statusCode(404);
        document.assertConforms("GET", "/orders/{number}", unknown);

        long number = paid.<Integer>path("order.number");
        Response list = com.example.shop.cart.support.Api.asAdmin().queryParam("sku", sku).queryParam("limit", 1).get("/admin/orders");
        list.then().statusCode(200).body("items.size()", org.hamcrest.Matchers.equalTo(1));
        document.assertConforms("GET", "/admin/orders", list);
        Response cancelled = com.example.shop.cart.support.Api.orderAction(number, "cancel");
        cancelled.then().statusCode(200).body("payment.refund.state", equalTo("refunded"));
        document.assertConforms("POST", "/admin/orders/{number}/cancel", cancelled);
        Response refused = com.example.shop.cart.support.Api.orderAction(number, "fulfil");
        refused.then().statusCode(409);
        document.assertConforms("POST", "/admin/orders/{number}/fulfil", refused);
        Response one = com.example.shop.cart.support.Api.asAdmin().get("/admin/orders/" + number);
        document.assertConforms("GET", "/admin/orders/{number}", one);
        Response summary = com.example.shop.cart.support.Api.asAdmin().queryParam("from", "2020-01-01").queryParam("to", "2099-01-01")
                .get("/admin/orders/summary");
        summary.then().statusCode(400).body("field", equalTo("to"));
        document.assertConforms("GET", "/admin/orders/summary", summary);
        String today = java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString();
        String tomorrow = java.time.LocalDate.now(java.time.ZoneOffset.UTC).plusDays(1).toString();
        summary = com.example.shop.cart.support.Api.asAdmin().queryParam("from", today).queryParam("to", tomorrow).get("/admin/orders/summary");
        summary.then().statusCode(200);
        document.assertConforms("GET", "/admin/orders/summary", summary);

        String other = given().post("/carts").then().statusCode(201).extract().path("id");
        add(other, sku, 1).then().statusCode(200);
        Response pending = com.example.shop.cart.support.Api.checkout(other, "doc-2", "stall");
        pending.then().statusCode(202).body("$", hasKey("order")).body("order", nullValue());
        document.assertConforms("POST", "/carts/{id}/checkout", pending);
    }

    @Test
    void aLineOfAVariantShowsTheProductsTitleAndTheVariantsOptionsAsDocumented() {
        String tee = newSku("TEE");
        String medium = tee + "-M-BLK";
        VariantProduct.tee(tee).limit(4, "product").variant(medium, "M", "black", 1200).register();
        stock(medium, 5);
        String cart = given().post("/carts").then().statusCode(201).extract().path("id");

        Response added = add(cart, medium, 2);
        added.then().statusCode(200).body("items[0].title", equalTo("Basic tee")).body("items[0].product", equalTo(tee))
                .body("items[0].options.size", equalTo("M")).body("items[0].options.colour", equalTo("black"));
        document.assertConforms("POST", "/carts/{id}/items", added);
        document.assertConforms("GET", "/carts/{id}", given().get("/carts/" + cart));
        Response changed = change(cart, medium, 1);
        changed.then().statusCode(200).body("items[0].options.size", equalTo("M"));
        document.assertConforms("PUT", "/carts/{id}/items/{sku}", changed);

        Response limited = add(cart, medium, 4);
        limited.then().statusCode(409).body("scope", equalTo("product"));
        document.assertConforms("POST", "/carts/{id}/items", limited);
        Response noVariant = add(cart, tee, 1);
        noVariant.then().statusCode(422).body("type", org.hamcrest.Matchers.containsString("variant-required"));
        document.assertConforms("POST", "/carts/{id}/items", noVariant);
    }
}

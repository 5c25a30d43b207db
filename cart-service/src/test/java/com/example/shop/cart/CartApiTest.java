package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.change;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.remove;
import static com.example.shop.cart.support.Api.reserved;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.endsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.Catalog;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class CartApiTest {

    @AfterEach
    void catalogUp() {
        Catalog.mode("up");
    }

    @Test
    void createAndReadAnEmptyCart() {
        var response = given().post("/carts").then().statusCode(201)
                .header("Location", notNullValue())
                .body("status", equalTo("active")).body("items", hasSize(0)).body("total_amount", equalTo(0))
                .body("id", matchesPattern("^[A-Za-z0-9_-]{43}$"))
                .extract();
        String id = response.path("id");
        assertEquals(true, response.header("Location").endsWith("/carts/" + id));
        given().get("/carts/" + id).then().statusCode(200).body("id", equalTo(id)).body("status", equalTo("active"))
                .body("last_modified", notNullValue());
        assertNotEquals(id, newCart());
    }

    @Test
    void addReservesStockAndCapturesTheCatalogSnapshot() {
        String sku = newSku("PRICE-250");
        stock(sku, 10);
        String cart = newCart();
        add(cart, sku, 3).then().statusCode(200)
                .body("items", hasSize(1))
                .body("items[0].sku", equalTo(sku)).body("items[0].qty", equalTo(3))
                .body("items[0].title", equalTo("Album " + sku)).body("items[0].type", equalTo("Audio Album"))
                .body("items[0].unit_price", equalTo(250)).body("items[0].currency", equalTo("USD"))
                .body("items[0].line_total", equalTo(750))
                .body("total_units", equalTo(3)).body("total_amount", equalTo(750)).body("currency", equalTo("USD"));
        assertEquals(7, available(sku));
        assertEquals(3, reserved(sku));
        Invariant.assertConservation();
    }

    @Test
    void theUnitPriceIsTheOneCapturedWhenTheLineWasCreated() {
        String sku = newSku("PRICE-500");
        String later = newSku("PRICE-500");
        stock(sku, 10);
        stock(later, 10);
        String cart = newCart();
        add(cart, sku, 1).then().statusCode(200);
        Catalog.mode("reprice");
        add(cart, sku, 1).then().statusCode(200).body("items[0].qty", equalTo(2)).body("items[0].unit_price", equalTo(500));
        add(cart, later, 1).then().statusCode(200).body("items[1].unit_price", equalTo(1500))
                .body("total_amount", equalTo(2 * 500 + 1500));
    }

    @Test
    void addingTheSameSkuAgainGrowsTheLine() {
        String sku = newSku("SAME");
        stock(sku, 10);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        add(cart, sku, 3).then().statusCode(200).body("items", hasSize(1)).body("items[0].qty", equalTo(5));
        assertEquals(5, available(sku));
        assertEquals(5, Invariant.num(Invariant.reservation(sku, cart), "qty"), "one reservation of the cart, grown");
    }

    @Test
    void shortStockIs409WithAvailableAndReservesNothing() {
        String sku = newSku("SHORT");
        stock(sku, 2);
        String cart = newCart();
        var before = Invariant.snapshot();
        add(cart, sku, 3).then().statusCode(409).contentType("application/problem+json")
                .body("type", endsWith("/insufficient-inventory")).body("available", equalTo(2));
        assertEquals(before, Invariant.snapshot());
        add(cart, newSku("NOSTOCK"), 1).then().statusCode(409).body("available", equalTo(0));
    }

    @Test
    void changeQuantityReservesOrReturnsOnlyTheDifference() {
        String sku = newSku("CHG");
        stock(sku, 10);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        change(cart, sku, 6).then().statusCode(200).body("items[0].qty", equalTo(6));
        assertEquals(4, available(sku));
        change(cart, sku, 1).then().statusCode(200).body("items[0].qty", equalTo(1));
        assertEquals(9, available(sku));
        change(cart, sku, 20).then().statusCode(409).body("type", endsWith("/insufficient-inventory")).body("available", equalTo(9));
        given().get("/carts/" + cart).then().body("items[0].qty", equalTo(1));
        change(cart, sku, 0).then().statusCode(200).body("items", hasSize(0));
        assertEquals(10, available(sku));
        assertEquals(0, reserved(sku));
        Invariant.assertConservation();
    }

    @Test
    void deleteRemovesTheLineAndReturnsItsStock() {
        String sku = newSku("DEL");
        String other = newSku("DEL");
        stock(sku, 5);
        stock(other, 5);
        String cart = newCart();
        add(cart, sku, 4).then().statusCode(200);
        add(cart, other, 1).then().statusCode(200);
        remove(cart, sku).then().statusCode(200).body("items", hasSize(1)).body("items[0].sku", equalTo(other));
        assertEquals(5, available(sku));
        remove(cart, sku).then().statusCode(404).contentType("application/problem+json");
        change(cart, sku, 2).then().statusCode(404);
    }

    @Test
    void unknownCartIs404AndMalformedIdIs400() {
        String unknown = "A".repeat(43);
        given().get("/carts/" + unknown).then().statusCode(404).contentType("application/problem+json");
        add(unknown, newSku("X"), 1).then().statusCode(404);
        given().get("/carts/not-a-cart").then().statusCode(400).contentType("application/problem+json").body("field", equalTo("id"));
        add("not-a-cart", newSku("X"), 1).then().statusCode(400);
        change("x".repeat(44), "SKU", 1).then().statusCode(400);
    }

    @Test
    void unknownSkuInTheCatalogIs422AndReservesNothing() {
        String sku = newSku("unknown");
        stock(sku, 5);
        String cart = newCart();
        var before = Invariant.snapshot();
        add(cart, sku, 1).then().statusCode(422).contentType("application/problem+json")
                .body("type", endsWith("/unknown-sku")).body("field", equalTo("sku"));
        assertEquals(before, Invariant.snapshot());
    }

    @Test
    void catalogDownIs503AndReservesNothing() {
        String sku = newSku("DOWN");
        stock(sku, 5);
        String cart = newCart();
        var before = Invariant.snapshot();
        Catalog.mode("down");
        add(cart, sku, 1).then().statusCode(503).contentType("application/problem+json")
                .body("dependency", equalTo("catalog-service"));
        assertEquals(before, Invariant.snapshot());
    }

    @Test
    void catalogSlowIs503WithinTheTimeoutAndReservesNothing() {
        String sku = newSku("SLOW");
        stock(sku, 5);
        String cart = newCart();
        var before = Invariant.snapshot();
        Catalog.mode("slow");
        long start = System.nanoTime();
        add(cart, sku, 1).then().statusCode(503).contentType("application/problem+json");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(true, millis < 5500, "answered after " + millis + " ms");
        assertEquals(before, Invariant.snapshot());
    }

    @Test
    void linesOfAnotherCurrencyAreRefused() {
        String usd = newSku("USD");
        String eur = newSku("EUR");
        stock(usd, 5);
        stock(eur, 5);
        String cart = newCart();
        add(cart, usd, 1).then().statusCode(200);
        add(cart, eur, 1).then().statusCode(409).body("type", endsWith("/currency-mismatch"));
        assertEquals(5, available(eur));
    }

    @Test
    void aLineHoldsAtMostTheLimit() {
        String sku = newSku("LIMIT");
        stock(sku, 3000);
        String cart = newCart();
        add(cart, sku, 1000).then().statusCode(200);
        add(cart, sku, 1).then().statusCode(409).body("type", endsWith("/line-limit"));
        assertEquals(2000, available(sku));
    }

    @Test
    void aLineHoldsAtMostTheProductsPerCartLimit() {
        String sku = newSku("MAX-4");
        stock(sku, 100);
        String cart = newCart();
        var before = Invariant.snapshot();
        add(cart, sku, 5).then().statusCode(409).contentType("application/problem+json")
                .body("type", endsWith("/line-limit")).body("max", equalTo(4)).body("sku", equalTo(sku));
        assertEquals(before, Invariant.snapshot());

        add(cart, sku, 3).then().statusCode(200);
        add(cart, sku, 2).then().statusCode(409).body("max", equalTo(4));
        add(cart, sku, 1).then().statusCode(200).body("items[0].qty", equalTo(4));
        change(cart, sku, 5).then().statusCode(409).body("type", endsWith("/line-limit")).body("max", equalTo(4));
        change(cart, sku, 2).then().statusCode(200).body("items[0].qty", equalTo(2));
        assertEquals(98, available(sku));
        assertEquals(2, reserved(sku));
        // every refusal is counted by reason
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertEquals(true, metrics.lines().anyMatch(l -> l.startsWith("cart_limit_refusals_total{") && l.contains("reason=\"line-limit\"")), metrics);
        Invariant.assertConservation();
    }

    @Test
    void aCartThatIsNotActiveRefusesChanges() {
        String sku = newSku("INACTIVE");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        Api.checkout(cart, "k-" + cart.substring(0, 8), "approve").then().statusCode(200);
        var before = Invariant.snapshot();
        add(cart, sku, 1).then().statusCode(409).contentType("application/problem+json")
                .body("type", endsWith("/cart-inactive")).body("cartStatus", equalTo("complete"));
        change(cart, sku, 1).then().statusCode(409).body("type", endsWith("/cart-inactive"));
        remove(cart, sku).then().statusCode(409).body("type", endsWith("/cart-inactive"));
        assertEquals(before, Invariant.snapshot());
    }
}

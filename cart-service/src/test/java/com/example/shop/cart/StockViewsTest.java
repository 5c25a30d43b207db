package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.asAdmin;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.stock;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.cart.support.CatalogStub;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The admin's stock views: the overview of every sku, a sku's holders a page at a time, and what they refuse. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class StockViewsTest {

    @Test
    void theOverviewListsASoldOutSkuFirstAndTheMostHeldAndSoldOnes() {
        String soldOut = newSku("SOLDOUT");
        stock(soldOut, 37);
        String buyer = newCart();
        add(buyer, soldOut, 37).then().statusCode(200);
        checkout(buyer, "k-1", "approve").then().statusCode(200);
        String held = newSku("HELD");
        stock(held, 1000);
        for (int i = 0; i < 3; i++) {
            add(newCart(), held, 300).then().statusCode(200);
        }
        asAdmin().queryParam("limit", 50).get("/admin/inventory/overview").then().statusCode(200)
                .body("window", equalTo("PT1H"))
                .body("least_available.size()", org.hamcrest.Matchers.greaterThanOrEqualTo(2))
                .body("least_available[0].available", equalTo(0))
                .body("least_available.sku", hasItem(soldOut))
                .body("most_held[0].sku", equalTo(held)).body("most_held[0].reserved", equalTo(900))
                .body("most_sold.find { it.sku == '" + soldOut + "' }.sold_in_window", equalTo(37))
                .body("most_sold.find { it.sku == '" + held + "' }", nullValue());
        asAdmin().get("/admin/inventory/" + soldOut).then().statusCode(200).body("sold", equalTo(37)).body("sold_last_hour", equalTo(37))
                .body("holders", equalTo(0));
    }

    @Test
    void aSkusHoldersComeAPageAtATimeInCartOrder() {
        String sku = newSku("HOLDERS");
        stock(sku, 10);
        List<String> carts = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String cart = newCart();
            carts.add(cart);
            add(cart, sku, 1 + i % 2).then().statusCode(200);
        }
        carts.sort(String::compareTo);
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            var page = asAdmin().queryParam("limit", 2).queryParam("cursor", cursor == null ? new Object[0] : new Object[] {cursor})
                    .get("/admin/inventory/" + sku + "/holders").then().statusCode(200).extract().jsonPath();
            seen.addAll(page.getList("items.cart_id", String.class));
            cursor = page.getString("next");
        } while (cursor != null);
        assertEquals(carts, seen);
        asAdmin().get("/admin/inventory/" + sku).then().statusCode(200).body("holders", equalTo(5)).body("reserved", equalTo(7));
    }

    @Test
    void badPageSizesCursorsWindowsAndSkusAreRefusedNamingTheParameter() {
        String sku = newSku("BAD");
        stock(sku, 1);
        asAdmin().queryParam("limit", 0).get("/admin/inventory/overview").then().statusCode(400).body("field", equalTo("limit"));
        asAdmin().queryParam("limit", 51).get("/admin/inventory/overview").then().statusCode(400).body("field", equalTo("limit"));
        asAdmin().queryParam("limit", 101).get("/admin/inventory/" + sku + "/holders").then().statusCode(400).body("field", equalTo("limit"));
        asAdmin().queryParam("limit", "x").get("/admin/inventory/" + sku + "/holders").then().statusCode(400);
        asAdmin().queryParam("cursor", "%%%").get("/admin/inventory/" + sku + "/holders").then().statusCode(400).body("field", equalTo("cursor"));
        asAdmin().queryParam("window", "-PT1H").get("/admin/inventory/overview").then().statusCode(400).body("field", equalTo("window"))
                .body("detail", containsString("PT10M"));
        asAdmin().queryParam("window", "an hour").get("/admin/inventory/overview").then().statusCode(400).body("field", equalTo("window"));
        asAdmin().queryParam("window", "PT5H").get("/admin/inventory/overview").then().statusCode(400).body("field", equalTo("window"));
        asAdmin().get("/admin/inventory/no-such-sku-here/holders").then().statusCode(404);
        asAdmin().get("/admin/inventory/no-such-sku-here").then().statusCode(404);
        asAdmin().get("/admin/inventory/bad%20sku/holders").then().statusCode(400).body("field", equalTo("sku"));
        io.restassured.RestAssured.given().get("/admin/inventory/overview").then().statusCode(401);
    }
}

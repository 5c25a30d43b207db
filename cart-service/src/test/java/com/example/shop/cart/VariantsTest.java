package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.asAdmin;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.change;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.job;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.reserved;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.anEmptyMap;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.cart.support.VariantProduct;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * Products with variants (docs/design.md#variants): each line is a variant's sku, showing the
 * product's title and the variant's option values; stock moves per variant sku; the per-cart limit
 * counts one variant, or all the product's variants when the type says per product; a retired
 * variant is no longer added while the units carts hold of it run out; and a catalog answering as
 * before variants still works.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class VariantsTest {

    @Inject
    @CacheName("catalog-product")
    Cache products;

    @Test
    void twoSizesOfOneProductAreTwoLinesAndCheckOutPerVariantSku() {
        String tee = newSku("TEE");
        String small = tee + "-S-BLK";
        String medium = tee + "-M-BLK";
        VariantProduct.tee(tee).variant(small, "S", "black", 1200).variant(medium, "M", "black", 1300).register();
        stock(small, 5);
        stock(medium, 5);
        String cart = newCart();

        add(cart, small, 2).then().statusCode(200);
        add(cart, medium, 1).then().statusCode(200)
                .body("items", hasSize(2))
                .body("items[0].sku", equalTo(small)).body("items[0].title", equalTo("Basic tee"))
                .body("items[0].product", equalTo(tee)).body("items[0].options.size", equalTo("S"))
                .body("items[0].options.colour", equalTo("black")).body("items[0].unit_price", equalTo(1200))
                .body("items[1].sku", equalTo(medium)).body("items[1].options.size", equalTo("M"))
                .body("items[1].unit_price", equalTo(1300))
                .body("total_units", equalTo(3)).body("total_amount", equalTo(2 * 1200 + 1300))
                // in the product's order of options, whatever the order the catalog gave the values in
                .body(containsString("\"options\":{\"size\":\"S\",\"colour\":\"black\"}"));
        assertEquals(3, available(small));
        assertEquals(4, available(medium));

        checkout(cart, "tee-" + tee, "approve").then().statusCode(200).body("amount", equalTo(2 * 1200 + 1300));
        asAdmin().get("/admin/inventory/" + small).then().statusCode(200).body("sold", equalTo(2)).body("reserved", equalTo(0));
        asAdmin().get("/admin/inventory/" + medium).then().statusCode(200).body("sold", equalTo(1)).body("reserved", equalTo(0));
        given().get("/inventory/" + tee).then().statusCode(404); // the key of a product with options holds no stock
        Invariant.assertStrict();
    }

    @Test
    void aPerVariantLimitCountsEachVariantAlone() {
        String tee = newSku("TEE");
        String small = tee + "-S-BLK";
        String medium = tee + "-M-BLK";
        VariantProduct.tee(tee).limit(2, "variant").variant(small, "S", "black", 1200).variant(medium, "M", "black", 1200).register();
        stock(small, 10);
        stock(medium, 10);
        String cart = newCart();

        add(cart, small, 2).then().statusCode(200);
        add(cart, medium, 2).then().statusCode(200).body("total_units", equalTo(4));
        add(cart, small, 1).then().statusCode(409).body("type", containsString("line-limit"))
                .body("sku", equalTo(small)).body("max", equalTo(2));
        change(cart, medium, 3).then().statusCode(409).body("type", containsString("line-limit")).body("max", equalTo(2));

        assertEquals(2, reserved(small), "nothing more was reserved");
        assertEquals(2, reserved(medium));
        Invariant.assertStrict();
    }

    @Test
    void aPerProductLimitCountsAllItsVariantsTogether() {
        String tee = newSku("TEE");
        String small = tee + "-S-BLK";
        String medium = tee + "-M-BLK";
        String large = tee + "-L-WHT";
        VariantProduct.tee(tee).limit(3, "product").variant(small, "S", "black", 1200).variant(medium, "M", "black", 1200)
                .variant(large, "L", "white", 1200).register();
        stock(small, 10);
        stock(medium, 10);
        stock(large, 10);
        String cart = newCart();

        add(cart, small, 2).then().statusCode(200);
        add(cart, medium, 2).then().statusCode(409).body("type", containsString("line-limit"))
                .body("sku", equalTo(medium)).body("max", equalTo(3)).body("product", equalTo(tee))
                .body("scope", equalTo("product")).body("detail", containsString("it holds 2 of its other variants"));
        assertEquals(0, reserved(medium), "a refused add reserves nothing");
        add(cart, medium, 1).then().statusCode(200).body("total_units", equalTo(3));
        add(cart, large, 1).then().statusCode(409).body("type", containsString("line-limit")).body("sku", equalTo(large));
        change(cart, small, 3).then().statusCode(409).body("type", containsString("line-limit")).body("max", equalTo(3));

        // a decrease always goes through, and frees room for the other variants
        change(cart, small, 1).then().statusCode(200);
        change(cart, medium, 2).then().statusCode(200).body("total_units", equalTo(3));
        assertEquals(1, reserved(small));
        assertEquals(2, reserved(medium));
        assertEquals(0, reserved(large));

        // another cart counts its own lines only
        String other = newCart();
        add(other, large, 3).then().statusCode(200);
        Invariant.assertStrict();
    }

    @Test
    void concurrentAddsOfDifferentVariantsNeverPassAPerProductLimit() throws Exception {
        String tee = newSku("TEE");
        VariantProduct product = VariantProduct.tee(tee).limit(4, "product");
        List<String> variants = new ArrayList<>();
        String[][] values = {{"S", "black"}, {"M", "black"}, {"L", "black"}, {"S", "white"}, {"M", "white"}, {"L", "white"}};
        for (String[] value : values) {
            String sku = tee + "-" + value[0] + "-" + value[1];
            product.variant(sku, value[0], value[1], 1200);
            variants.add(sku);
            stock(sku, 10);
        }
        product.register();
        String cart = newCart();
        add(cart, variants.get(0), 1).then().statusCode(200); // the snapshot is cached and the cart has a line

        ExecutorService pool = Executors.newFixedThreadPool(12);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            String sku = variants.get(i % variants.size());
            answers.add(pool.submit(() -> {
                start.await();
                return add(cart, sku, 1).statusCode();
            }));
        }
        start.countDown();
        int added = 1;
        for (Future<Integer> answer : answers) {
            int status = answer.get(120, TimeUnit.SECONDS);
            assertTrue(status == 200 || status == 409, "status " + status);
            added += status == 200 ? 1 : 0;
        }
        pool.shutdown();

        int units = given().get("/carts/" + cart).then().statusCode(200).extract().path("total_units");
        assertEquals(added, units, "every answered add is in the cart");
        assertTrue(units <= 4, units + " units of a product limited to 4 a cart");
        assertEquals(units, variants.stream().mapToLong(Api::reserved).sum(), "the cart holds what is reserved");
        Invariant.assertStrict();
    }

    @Test
    void aRetiredVariantIsNoLongerAddedButTheUnitsHeldOfItRunOut() {
        String tee = newSku("TEE");
        String small = tee + "-S-BLK";
        String medium = tee + "-M-BLK";
        VariantProduct.tee(tee).variant(small, "S", "black", 1200).variant(medium, "M", "black", 1200).register();
        stock(medium, 10);
        String buyer = newCart();
        add(buyer, medium, 2).then().statusCode(200);
        String idler = newCart();
        add(idler, medium, 3).then().statusCode(200);

        VariantProduct.tee(tee).variant(small, "S", "black", 1200).retired(medium, "M", "black", 1200).register();
        products.invalidateAll().await().indefinitely(); // the catalog's answer as it is now, not the cached one

        String late = newCart();
        add(late, medium, 1).then().statusCode(409).body("type", containsString("variant-retired")).body("sku", equalTo(medium));
        change(buyer, medium, 3).then().statusCode(409).body("type", containsString("variant-retired"));
        assertEquals(5, reserved(medium), "a refused add reserves nothing");
        change(buyer, medium, 1).then().statusCode(200); // fewer units are always fine

        checkout(buyer, "retired-" + tee, "approve").then().statusCode(200);
        TestDatabase.database("cart").getCollection("cart").updateOne(new Document("_id", idler), new Document("$set",
                new Document("last_modified", Date.from(Instant.now().minus(Duration.ofHours(2))))));
        job("expire-carts", null).then().statusCode(200).body("counts.expired", greaterThanOrEqualTo(1));

        assertEquals("expired", Api.status(idler));
        assertEquals(0, reserved(medium));
        assertEquals(9, available(medium));
        asAdmin().get("/admin/inventory/" + medium).then().statusCode(200).body("sold", equalTo(1));
        Invariant.assertStrict();
    }

    @Test
    void aProductWithOptionsIsAddedByAVariantsSkuNotByItsKey() {
        String tee = newSku("TEE");
        String small = tee + "-S-BLK";
        String retired = tee + "-M-BLK";
        VariantProduct.tee(tee).variant(small, "S", "black", 1200).retired(retired, "M", "black", 1200).register();
        String cart = newCart();

        add(cart, tee, 1).then().statusCode(422).body("type", containsString("variant-required"))
                .body("field", equalTo("sku")).body("sku", equalTo(tee))
                .body("variants", hasItems(small)).body("variants", not(hasItems(retired)));
        given().get("/carts/" + cart).then().statusCode(200).body("items", hasSize(0));
    }

    @Test
    void anOlderCatalogsAnswerAndAProductWithoutOptionsAreTheirOneVariant() {
        String album = newSku("PRICE-700");  // the stub's fixture products answer without variants
        String single = newSku("SINGLE");
        VariantProduct.withoutOptions(single, 450).limit(2, "product").register();
        stock(album, 5);
        stock(single, 5);
        String cart = newCart();

        add(cart, album, 2).then().statusCode(200)
                .body("items[0].sku", equalTo(album)).body("items[0].product", equalTo(album))
                .body("items[0].title", equalTo("Album " + album)).body("items[0].options", anEmptyMap())
                .body("items[0].unit_price", equalTo(700));
        add(cart, single, 2).then().statusCode(200)
                .body("items[1].sku", equalTo(single)).body("items[1].product", equalTo(single))
                .body("items[1].options", anEmptyMap()).body("items[1].unit_price", equalTo(450));
        add(cart, single, 1).then().statusCode(409).body("type", containsString("line-limit")).body("max", equalTo(2));

        Document stored = Invariant.cart(cart);
        Document details = stored.getList("items", Document.class).get(1).get("details", Document.class);
        assertEquals(false, details.containsKey("product"), "a line of a product without options is stored as before variants");
        assertEquals(false, details.containsKey("options"));
        checkout(cart, "old-" + album, "approve").then().statusCode(200).body("amount", equalTo(2 * 700 + 2 * 450));
        Invariant.assertStrict();
    }
}

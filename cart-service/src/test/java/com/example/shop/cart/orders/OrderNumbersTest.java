package com.example.shop.cart.orders;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.cart.support.CatalogStub;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A shop's first order is number 100001, and each next one takes the next number. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class OrderNumbersTest {

    @Test
    void theFirstNumberIs100001AndEachNextOneMore() {
        try (MongoClient client = MongoClients.create(MongoTestResource.connectionString())) {
            // a database of its own: the service's counter has moved on in the other tests
            MongoDatabase shop = client.getDatabase("order-numbers-" + UUID.randomUUID().toString().substring(0, 8));
            try {
                OrdersStore store = new OrdersStore(shop);
                assertEquals(100_001, store.nextNumber());
                assertEquals(100_002, store.nextNumber());
                assertEquals(100_003, new OrdersStore(shop).nextNumber());
            } finally {
                shop.drop();
            }
        }
    }
}

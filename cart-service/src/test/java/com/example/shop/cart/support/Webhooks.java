package com.example.shop.cart.support;

import static com.example.shop.cart.support.Api.asAdmin;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** The webhook admin calls tests make, and a check of a request's signature with the Standard Webhooks verifier. */
public final class Webhooks {

    /** A subscription made by a test: its id and the secret its answer showed once. */
    public record Subscription(String id, String secret) {
    }

    private Webhooks() {
    }

    public static Response create(String body) {
        return asAdmin().contentType(ContentType.JSON).body(body).post("/admin/webhooks");
    }

    /** Subscribes {@code url} to {@code events}; 201 expected. */
    public static Subscription subscribe(String url, String... events) {
        Response created = create("{\"url\":\"" + url + "\",\"events\":[\"" + String.join("\",\"", events) + "\"]}");
        created.then().statusCode(201);
        return new Subscription(created.jsonPath().getString("id"), created.jsonPath().getString("secret"));
    }

    public static Response change(String id, String body) {
        return asAdmin().contentType(ContentType.JSON).body(body).patch("/admin/webhooks/" + id);
    }

    public static void delete(String id) {
        asAdmin().delete("/admin/webhooks/" + id);
    }

    /** The subscription's deliveries (the first page of 100), newest first. */
    public static List<Map<String, Object>> deliveries(String id) {
        return asAdmin().queryParam("limit", 100).get("/admin/webhooks/" + id + "/deliveries")
                .then().statusCode(200).extract().jsonPath().getList("items");
    }

    /** The subscription's deliveries whose subject is {@code subject}. */
    public static List<Map<String, Object>> deliveriesOf(String id, String subject) {
        return deliveries(id).stream().filter(delivery -> subject.equals(delivery.get("subject"))).toList();
    }

    /** Waits (at most {@code within}) until a delivery of the subscription matches; returns it, or null. */
    public static Map<String, Object> awaitDelivery(String id, Predicate<Map<String, Object>> matching, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            for (Map<String, Object> delivery : deliveries(id)) {
                if (matching.test(delivery)) {
                    return delivery;
                }
            }
            if (System.nanoTime() > deadline) {
                return null;
            }
            Thread.sleep(50);
        }
    }

    /** A delivery's attempts, oldest first. */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> attempts(Map<String, Object> delivery) {
        return new ArrayList<>((List<Map<String, Object>>) delivery.get("attempts"));
    }

    /** Whether the request carries a valid signature by {@code secret}, as the Standard Webhooks verifier decides. */
    public static boolean signedBy(Receiver.Request request, String secret) {
        try {
            new Webhook(secret).verify(request.body(), request.headers());
            return true;
        } catch (WebhookVerificationException e) {
            return false;
        }
    }
}

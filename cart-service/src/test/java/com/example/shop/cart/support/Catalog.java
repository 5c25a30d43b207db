package com.example.shop.cart.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/** Switches the {@link CatalogStub} the service under test talks to. */
public final class Catalog {

    private Catalog() {
    }

    /**
     * The availability transitions the stub received so far, oldest first, each as
     * {@code {sku, available, seq, at}} ({@code at}: when its call arrived, epoch millis).
     */
    public static List<Map<String, Object>> availabilityReceived() {
        String url = ConfigProvider.getConfig().getValue("quarkus.rest-client.catalog-service.url", String.class);
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(url + "/__stub/availability")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            List<Map<String, Object>> received = new ArrayList<>();
            List<?> calls = new ObjectMapper().readValue(response.body(), List.class);
            for (Object call : calls) {
                Map<?, ?> one = (Map<?, ?>) call;
                long at = ((Number) one.get("at")).longValue();
                for (Object t : (List<?>) ((Map<?, ?>) one.get("body")).get("transitions")) {
                    Map<String, Object> entry = new HashMap<>();
                    ((Map<?, ?>) t).forEach((k, v) -> entry.put((String) k, v));
                    entry.put("at", at);
                    received.add(entry);
                }
            }
            return received;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The availability transitions of this sku the stub received so far, oldest first. */
    public static List<Map<String, Object>> availabilityReceived(String sku) {
        return availabilityReceived().stream().filter(t -> sku.equals(t.get("sku"))).toList();
    }

    /**
     * Waits until the stub received {@code count} transitions of the sku (failing the test after
     * {@code within}); returns the {@code count}-th.
     */
    public static Map<String, Object> awaitAvailabilityReceived(String sku, int count, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            List<Map<String, Object>> got = availabilityReceived(sku);
            if (got.size() >= count) {
                return got.get(count - 1);
            }
            assertTrue(System.nanoTime() < deadline, "the catalog received " + got + " of " + sku);
            Thread.sleep(20);
        }
    }

    /** The X-Request-Id the stub's last {@code GET /products/{sku}} came with ("" when none). */
    public static String requestIdReceivedFor(String sku) {
        return received("request-id", sku);
    }

    /** The W3C traceparent the stub's last {@code GET /products/{sku}} came with ("" when none). */
    public static String traceparentReceivedFor(String sku) {
        return received("traceparent", sku);
    }

    private static String received(String header, String sku) {
        String url = ConfigProvider.getConfig().getValue("quarkus.rest-client.catalog-service.url", String.class);
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url + "/__stub/" + header + "/" + sku)).GET().build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Registers a product in the stub, given whole as the catalog answers it (its {@code sku} the key,
     * its {@code variants}), replacing any under the same key: the service's cached snapshot of a
     * sku is only replaced once it expires.
     */
    public static void product(String productJson) {
        String url = ConfigProvider.getConfig().getValue("quarkus.rest-client.catalog-service.url", String.class);
        try {
            HttpResponse<Void> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(url + "/__stub/products")).POST(HttpRequest.BodyPublishers.ofString(productJson)).build(),
                    HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() != 204) {
                throw new IllegalStateException("stub answered " + response.statusCode());
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static void mode(String mode) {
        String url = ConfigProvider.getConfig().getValue("quarkus.rest-client.catalog-service.url", String.class);
        try {
            HttpResponse<Void> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(url + "/__stub/mode/" + mode)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() != 204) {
                throw new IllegalStateException("stub answered " + response.statusCode());
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Records in the stub's feed one catalog revision writing these products; returns the revision. */
    public static long productChanged(String... products) {
        try {
            return stubRevision("/__stub/product-changes", new ObjectMapper().writeValueAsString(products));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The stub's catalog starts another database: a new epoch, from revision 0. */
    public static void newCatalogDatabase() {
        stubRevision("/__stub/product-changes/new-database", "");
    }

    /** The stub's catalog trims its feed of everything recorded so far; returns the revision trimmed through. */
    public static long trimProductChanges() {
        return stubRevision("/__stub/product-changes/trim", "");
    }

    private static long stubRevision(String path, String body) {
        String url = ConfigProvider.getConfig().getValue("quarkus.rest-client.catalog-service.url", String.class);
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(url + path)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("stub answered " + response.statusCode());
            }
            return new ObjectMapper().readTree(response.body()).path("revision").asLong();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

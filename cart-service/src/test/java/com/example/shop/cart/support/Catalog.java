package com.example.shop.cart.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.eclipse.microprofile.config.ConfigProvider;

/** Switches the {@link CatalogStub} the service under test talks to. */
public final class Catalog {

    private Catalog() {
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
}

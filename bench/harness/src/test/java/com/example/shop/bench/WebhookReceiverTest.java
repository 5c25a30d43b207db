package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The webhooks scenario's receiver: it keeps what it got, refuses connections while down, and is back on the same port. */
class WebhookReceiverTest {

    @Test
    void keepsRequestsAndGoesDownAndUpOnItsPort() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            assertEquals(204, post(receiver.url(), "evt_1", "{\"n\":1}"));
            receiver.down();
            assertThrows(IOException.class, () -> post(receiver.url(), "evt_2", "{\"n\":2}"));
            receiver.up();
            assertEquals(204, post(receiver.url(), "evt_3", "{\"n\":3}"));
            List<WebhookReceiver.Request> got = receiver.received();
            assertEquals(List.of("evt_1", "evt_3"), got.stream().map(WebhookReceiver.Request::webhookId).toList());
            assertEquals("{\"n\":3}", got.get(1).body());
        }
    }

    private static int post(String url, String id, String body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).header("webhook-id", id)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        // a new client each time: a kept-alive connection would outlive the listener's close
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}

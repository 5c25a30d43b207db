package com.example.shop.cart.webhooks;

import com.example.shop.problems.Problems;
import com.example.shop.web.WireName;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/** What a subscription's fields must be, each refusal a 400 naming its field. */
final class SubscriptionRules {

    static final int MAX_URL = 2000;

    private SubscriptionRules() {
    }

    /** An absolute http or https URL with a host, no user info and no fragment. */
    static URI url(String url) {
        if (url == null || url.isBlank()) {
            throw Problems.invalidField("url", "A receiver URL is required");
        }
        if (url.length() > MAX_URL) {
            throw Problems.invalidField("url", "A receiver URL is at most " + MAX_URL + " characters");
        }
        URI parsed;
        try {
            parsed = new URI(url);
        } catch (URISyntaxException e) {
            throw Problems.invalidField("url", "Not a URL: " + Problems.excerpt(url));
        }
        String scheme = parsed.getScheme() == null ? "" : parsed.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw Problems.invalidField("url", "A receiver URL is http or https");
        }
        if (parsed.getHost() == null || parsed.getHost().isEmpty()) {
            throw Problems.invalidField("url", "A receiver URL names a host");
        }
        if (parsed.getRawUserInfo() != null) {
            throw Problems.invalidField("url", "A receiver URL carries no user name or password: the signature authenticates");
        }
        if (parsed.getRawFragment() != null) {
            throw Problems.invalidField("url", "A receiver URL has no fragment");
        }
        return parsed;
    }

    /** At least one known event type, each once, in the order given. */
    static List<WebhookEventType> events(List<String> events) {
        if (events == null || events.isEmpty()) {
            throw Problems.invalidField("events", "At least one event type is required: " + WireName.all(WebhookEventType.class));
        }
        LinkedHashSet<WebhookEventType> types = new LinkedHashSet<>();
        for (int i = 0; i < events.size(); i++) {
            String given = events.get(i);
            int at = i;
            types.add(WireName.find(WebhookEventType.class, given).orElseThrow(() -> Problems.invalidField("events[" + at + "]",
                    "'" + (given == null ? "null" : Problems.excerpt(given)) + "' is none of " + WireName.all(WebhookEventType.class))));
        }
        return new ArrayList<>(types);
    }

    /** The secret given, checked, or a new one. */
    static String secret(String secret) {
        if (secret == null) {
            return WebhookSignatures.newSecret();
        }
        if (!WebhookSignatures.isSecret(secret)) {
            throw Problems.invalidField("secret", "A secret is whsec_ and the base64 of 24 to 64 bytes");
        }
        return secret;
    }
}

package com.example.shop.cart.catalog;

import com.example.shop.cart.CartConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Tells the catalog which skus sold out or came back, for its listings ({@code inStock}, the
 * availability facet). Bounded by a timeout; a failure is thrown to the caller, the outbox's sender,
 * which keeps the transitions and tries again at its next round (no fallback: nothing is lost by waiting).
 */
@ApplicationScoped
public class CatalogAvailability {

    private final AvailabilityClient client;
    private final String authorization;

    CatalogAvailability(@RestClient AvailabilityClient client, CartConfig config) {
        this.client = client;
        this.authorization = config.availability().catalogSecret().map(secret -> "Bearer " + secret).orElse(null);
    }

    /** Delivers the transitions; returns normally once the catalog has them (applied, or older than what it has). */
    @Timeout(3000)
    public void report(List<AvailabilityChange> transitions) {
        client.report(authorization, new AvailabilityClient.Report(transitions));
    }
}

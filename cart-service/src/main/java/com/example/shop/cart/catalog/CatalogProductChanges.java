package com.example.shop.cart.catalog;

import com.example.shop.cart.CartConfig;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Reads the catalog's product changes, for the {@code product.changed} webhooks. Bounded by a
 * timeout; a failure is thrown to the caller, the follower, which asks again at its next round from
 * the same position (nothing is lost by waiting). Sends the catalog's service secret, as the
 * availability reports do.
 */
@ApplicationScoped
public class CatalogProductChanges {

    /** Revisions one read asks for: the catalog's most. */
    static final int PAGE = 500;

    private final ProductChangesClient client;
    private final String authorization;

    CatalogProductChanges(@RestClient ProductChangesClient client, CartConfig config) {
        this.client = client;
        this.authorization = config.availability().catalogSecret().map(secret -> "Bearer " + secret).orElse(null);
    }

    /** Where a new reader starts: the catalog's current revision. */
    @Timeout(3000)
    public ProductChangesPage start() {
        return client.changes(authorization, null, null);
    }

    /** The settled changes after {@code revision}. */
    @Timeout(3000)
    public ProductChangesPage after(long revision) {
        return client.changes(authorization, revision, PAGE);
    }
}

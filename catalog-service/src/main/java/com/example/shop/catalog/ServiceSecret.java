package com.example.shop.catalog;

import com.example.shop.problems.Problems;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The check of the catalog's internal calls, which only the cart service makes
 * ({@code /internal/availability}, {@code /internal/product-changes}): when
 * {@code catalog.availability.secret} is set, a call must carry it as a bearer token. The gateway
 * routes no {@code /internal} path, so without a secret a call is taken from anyone who can reach
 * the service's port.
 */
@ApplicationScoped
public class ServiceSecret {

    private final byte[] expected;

    ServiceSecret(CatalogConfig config) {
        this.expected = config.availability().secret().map(s -> ("Bearer " + s).getBytes(StandardCharsets.UTF_8)).orElse(null);
    }

    /** Returns when the call may go on; a 401 problem when it does not carry the secret that is set. */
    public void require(String authorization) {
        if (expected != null && (authorization == null
                || !MessageDigest.isEqual(expected, authorization.getBytes(StandardCharsets.UTF_8)))) {
            throw Problems.unauthorized("This call needs the service secret catalog.availability.secret as a bearer token");
        }
    }
}

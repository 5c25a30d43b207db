package com.example.shop.gateway.edge;

import com.example.shop.problems.Problems;
import com.example.shop.problems.Problem;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Checks the bearer token of an admin request at the edge with the configured
 * {@code mp.jwt.verify.*} key and issuer. The services check it again; the gateway only stops
 * bad requests early. Verification is CPU only (the key is loaded once), so it runs on the
 * event loop.
 */
@Singleton
public record EdgeAuth(JWTParser parser) {

    static final String ADMIN_ROLE = "admin";

    /** The subject of a valid admin token, or null (for a missing, invalid or non-admin token). */
    String adminSubject(String authorization) {
        if (authorization.length() < 8 || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        try {
            JsonWebToken token = parser.parse(authorization.substring(7).trim());
            return token.getGroups() != null && token.getGroups().contains(ADMIN_ROLE) ? token.getSubject() : null;
        } catch (ParseException e) {
            return null;
        }
    }

    /** {@code null} when the request may pass, otherwise the problem to answer with. */
    Problem check(String authorization) {
        if (authorization == null || authorization.length() < 8
                || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Problems.unauthorized("A valid bearer token is required.").problem();
        }
        JsonWebToken token;
        try {
            token = parser.parse(authorization.substring(7).trim());
        } catch (ParseException e) {
            return Problems.unauthorized("The bearer token is not valid (bad signature, issuer or expiry).").problem();
        }
        if (token.getGroups() == null || !token.getGroups().contains(ADMIN_ROLE)) {
            return Problems.forbidden("This token does not grant the admin role this operation needs.").problem();
        }
        return null;
    }
}

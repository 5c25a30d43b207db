package com.example.shop.web;

import io.quarkus.runtime.StartupEvent;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * Builds smallrye-jwt's verification context at start-up. Authentication is lazy (proactive auth
 * is off, so that token failures reach the problem mappers), which left this build — dozens of
 * configuration look-ups — to the event loop of the first admin request: on a loaded machine
 * that blocked it for more than ten seconds. Start-up happens before readiness, so no request
 * pays for it.
 */
@Singleton
public class JwtWarmUp {

    void buildVerificationContext(@Observes StartupEvent event, JWTAuthContextInfo context) {
        context.getIssuedBy();
    }
}

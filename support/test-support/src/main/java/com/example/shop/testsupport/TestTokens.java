package com.example.shop.testsupport;

import io.smallrye.jwt.build.Jwt;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Set;

/**
 * Signed JWTs for tests. The key pair is generated once per test JVM and never written anywhere
 * but a temporary file holding the public key ({@link JwtTestResource}).
 */
public final class TestTokens {

    /** The issuer every service is configured to accept ({@code mp.jwt.verify.issuer}). */
    public static final String ISSUER = "https://shop.example/issuer";

    private static final KeyPair KEYS = generate();
    private static final KeyPair STRANGER = generate();

    private TestTokens() {
    }

    public static KeyPair keys() {
        return KEYS;
    }

    /** A valid token with the {@code admin} role. */
    public static String admin() {
        return withRoles("admin");
    }

    /** A valid token with only the given roles (for example {@code customer}, for a 403). */
    public static String withRoles(String... roles) {
        return Jwt.issuer(ISSUER).subject("test-user").groups(Set.of(roles))
                .expiresIn(3600).sign(KEYS.getPrivate());
    }

    /** An admin token that expired an hour ago. */
    public static String expiredAdmin() {
        Instant past = Instant.now().minusSeconds(7200);
        return Jwt.issuer(ISSUER).subject("test-user").groups(Set.of("admin"))
                .issuedAt(past).expiresAt(past.plusSeconds(3600)).sign(KEYS.getPrivate());
    }

    /** An admin token signed by a key the services do not trust. */
    public static String forgedAdmin() {
        return Jwt.issuer(ISSUER).subject("intruder").groups(Set.of("admin"))
                .expiresIn(3600).sign(STRANGER.getPrivate());
    }

    private static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

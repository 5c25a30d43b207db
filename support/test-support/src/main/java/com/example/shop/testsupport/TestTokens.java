package com.example.shop.testsupport;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Signed JWTs (RS256) for tests. The key pair is generated once per test JVM and never written
 * anywhere but a temporary file holding the public key ({@link JwtTestResource}).
 *
 * <p>Signed with the JDK alone, on purpose: smallrye-jwt-build reads MicroProfile Config, and
 * from test code that config is sometimes the Quarkus application's, which fails to load across
 * class loaders.
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
        long now = Instant.now().getEpochSecond();
        return sign(KEYS.getPrivate(), "test-user", now, now + 3600, roles);
    }

    /** An admin token that expired an hour ago. */
    public static String expiredAdmin() {
        long issued = Instant.now().getEpochSecond() - 7200;
        return sign(KEYS.getPrivate(), "test-user", issued, issued + 3600, "admin");
    }

    /** An admin token signed by a key the services do not trust. */
    public static String forgedAdmin() {
        long now = Instant.now().getEpochSecond();
        return sign(STRANGER.getPrivate(), "intruder", now, now + 3600, "admin");
    }

    private static String sign(PrivateKey key, String subject, long issuedAt, long expiresAt, String... roles) {
        String groups = Stream.of(roles).map(role -> "\"" + role + "\"").collect(Collectors.joining(","));
        String header = "{\"alg\":\"RS256\",\"typ\":\"JWT\"}";
        String claims = "{\"iss\":\"" + ISSUER + "\",\"sub\":\"" + subject + "\",\"upn\":\"" + subject + "\","
                + "\"groups\":[" + groups + "],\"iat\":" + issuedAt + ",\"exp\":" + expiresAt + ","
                + "\"jti\":\"" + UUID.randomUUID() + "\"}";
        String signingInput = base64Url(header.getBytes(StandardCharsets.UTF_8)) + "."
                + base64Url(claims.getBytes(StandardCharsets.UTF_8));
        try {
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initSign(key);
            signature.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + base64Url(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}

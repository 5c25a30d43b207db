package com.example.shop.cart.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Secrets and signatures as the Standard Webhooks specification has them: a secret is
 * {@code whsec_} and the base64 of 24 to 64 random bytes; a request is signed with
 * {@code v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">}, keyed with the
 * secret's bytes.
 */
final class WebhookSignatures {

    static final String SECRET_PREFIX = "whsec_";
    static final int GENERATED_BYTES = 32;
    private static final int MIN_BYTES = 24;
    private static final int MAX_BYTES = 64;
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSignatures() {
    }

    /** A new secret: 32 random bytes. */
    static String newSecret() {
        byte[] key = new byte[GENERATED_BYTES];
        RANDOM.nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /** Whether {@code secret} is {@code whsec_} and the base64 of 24 to 64 bytes. */
    static boolean isSecret(String secret) {
        if (secret == null || !secret.startsWith(SECRET_PREFIX)) {
            return false;
        }
        try {
            int bytes = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length())).length;
            return bytes >= MIN_BYTES && bytes <= MAX_BYTES;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The {@code webhook-signature} header of a request: {@code v1,<base64 signature>}. */
    static String sign(String secret, String id, long timestampSeconds, String body) {
        byte[] key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] signature = mac.doFinal((id + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(signature);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}

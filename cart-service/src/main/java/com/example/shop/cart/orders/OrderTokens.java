package com.example.shop.cart.orders;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * The tokens that open an order to its shopper: 32 random bytes in base64url, of which only the
 * SHA-256 is stored, so that a copy of the database opens no order through the API.
 */
final class OrderTokens {

    private static final SecureRandom RANDOM = new SecureRandom();

    private OrderTokens() {
    }

    /** A new token and its hash. */
    record Issued(String token, String hash) {
    }

    static Issued issue() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        return new Issued(token, hash(token));
    }

    /** Whether {@code token} is one of the tokens these hashes were made from; compared in constant time. */
    static boolean opens(String token, List<String> hashes) {
        if (token == null || token.isEmpty() || token.length() > 200) {
            return false;
        }
        byte[] given = hash(token).getBytes(StandardCharsets.US_ASCII);
        boolean found = false;
        for (String stored : hashes) {
            found |= MessageDigest.isEqual(given, stored.getBytes(StandardCharsets.US_ASCII));
        }
        return found;
    }

    static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}

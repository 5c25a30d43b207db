package com.example.shop.cart.carts;

import com.example.shop.cart.CartProblems;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;
import org.bson.types.ObjectId;

/**
 * Cart ids: SHA-256 of a fresh ObjectId and 16 random bytes, base64url without padding (43
 * characters). Evenly spread (a good shard key, as the book advises) and unguessable: the id is
 * the only thing that grants access to a cart.
 */
public final class CartIds {

    private static final Pattern SHAPE = Pattern.compile("^[A-Za-z0-9_-]{43}$");
    private static final SecureRandom RANDOM = new SecureRandom();

    private CartIds() {
    }

    public static String next() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(new ObjectId().toByteArray());
            byte[] salt = new byte[16];
            RANDOM.nextBytes(salt);
            sha.update(salt);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The id, or a 400 problem naming {@code id}. */
    public static String require(String id) {
        if (id == null || !SHAPE.matcher(id).matches()) {
            throw CartProblems.malformedCartId();
        }
        return id;
    }
}

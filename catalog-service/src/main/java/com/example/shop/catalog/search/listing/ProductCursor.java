package com.example.shop.catalog.search.listing;

import com.example.shop.problems.Problems;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Date;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The opaque {@code next} token of a product page: the sort key and sku of the page's last product
 * (keyset pagination), the fingerprint of the query it belongs to, and an HMAC so that a changed or
 * made-up cursor is a 400, never a query on attacker-chosen values or a 500.
 */
final class ProductCursor {

    private static final int TAG_BYTES = 16;
    private static final byte NULL = 0;
    private static final byte LONG = 1;
    private static final byte STRING = 2;
    private static final byte DATE = 3;
    private static final byte SCORE = 4;

    /** Where the previous page ended: its last product's sort key (may be null) and sku. */
    record Position(Object key, String sku) {
    }

    private final SecretKeySpec key;

    ProductCursor(String secret) {
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
    }

    String encode(int fingerprint, Position position) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(fingerprint);
            Object value = position.key();
            if (value == null) {
                out.writeByte(NULL);
            } else if (value instanceof Float score) {
                out.writeByte(SCORE);
                out.writeFloat(score);
            } else if (value instanceof Number number) {
                out.writeByte(LONG);
                out.writeLong(number.longValue());
            } else if (value instanceof Date date) {
                out.writeByte(DATE);
                out.writeLong(date.getTime());
            } else {
                out.writeByte(STRING);
                out.writeUTF(value.toString());
            }
            out.writeUTF(position.sku());
            out.write(tag(bytes.toByteArray()));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Position decode(String cursor, int fingerprint, ProductSort sort) {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        if (bytes.length <= TAG_BYTES) {
            throw invalid();
        }
        byte[] payload = Arrays.copyOf(bytes, bytes.length - TAG_BYTES);
        if (!MessageDigest.isEqual(tag(payload), Arrays.copyOfRange(bytes, payload.length, bytes.length))) {
            throw invalid();
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload))) {
            if (in.readInt() != fingerprint) {
                throw Problems.invalidField("cursor", "This cursor belongs to a different query; keep the filters and "
                        + "sort of the request that returned it");
            }
            byte kind = in.readByte();
            Object value = switch (kind) {
                case NULL -> null;
                case LONG -> in.readLong();
                case DATE -> new Date(in.readLong());
                case STRING -> in.readUTF();
                case SCORE -> in.readFloat();
                default -> throw invalid();
            };
            if (!fits(value, sort)) {
                throw invalid();
            }
            String sku = in.readUTF();
            if (in.available() != 0) {
                throw invalid();
            }
            return new Position(value, sku);
        } catch (IOException e) {
            throw invalid();
        }
    }

    /** Whether a decoded key has the type the sort's field holds. */
    private static boolean fits(Object value, ProductSort sort) {
        return switch (sort) {
            case SKU -> value == null;
            case ISSUE_DATE_DESC -> value == null || value instanceof Date;
            case TITLE -> value instanceof String;
            case PCT_SAVINGS_DESC, PRICE, PRICE_DESC -> value instanceof Long;
            case RELEVANCE -> value instanceof Float;
        };
    }

    private byte[] tag(byte[] payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return Arrays.copyOf(mac.doFinal(payload), TAG_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static RuntimeException invalid() {
        return Problems.invalidField("cursor", "Invalid cursor; use the 'next' value of a previous page unchanged");
    }
}

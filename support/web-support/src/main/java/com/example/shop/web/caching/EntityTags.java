package com.example.shop.web.caching;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** Entity tags as RFC 9110 writes and compares them. */
public final class EntityTags {

    private EntityTags() {
    }

    /**
     * A weak tag over a representation's bytes: {@code W/"<base64url of the first 16 bytes of SHA-256>"}.
     * Weak because it stands for the content, not for one exact byte sequence a range request could use.
     */
    public static String weakOf(byte[] content) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(content);
            return "W/\"" + Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(digest, 16)) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JRE", e);
        }
    }

    public static String weakOf(String content) {
        return weakOf(content.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Whether an {@code If-None-Match} header matches {@code current}: {@code *}, or any listed tag
     * equal to it by the weak comparison (opaque parts equal, {@code W/} ignored), as RFC 9110 §13.1.2
     * prescribes for this header.
     */
    public static boolean noneMatchHits(String ifNoneMatch, String current) {
        if (ifNoneMatch == null || current == null) {
            return false;
        }
        String wanted = opaque(current);
        int i = 0;
        int n = ifNoneMatch.length();
        while (i < n) {
            while (i < n && (ifNoneMatch.charAt(i) == ' ' || ifNoneMatch.charAt(i) == ',' || ifNoneMatch.charAt(i) == '\t')) {
                i++;
            }
            if (i >= n) {
                break;
            }
            if (ifNoneMatch.charAt(i) == '*') {
                return true;
            }
            int start = i;
            if (ifNoneMatch.startsWith("W/", i)) {
                i += 2;
            }
            if (i < n && ifNoneMatch.charAt(i) == '"') {
                int close = ifNoneMatch.indexOf('"', i + 1);
                if (close < 0) {
                    return false;
                }
                if (ifNoneMatch.substring(i, close + 1).equals(wanted)) {
                    return true;
                }
                i = close + 1;
            } else {
                // Not a well-formed tag: skip to the next comma.
                int comma = ifNoneMatch.indexOf(',', start);
                i = comma < 0 ? n : comma + 1;
            }
        }
        return false;
    }

    /** {@code W/"x"} and {@code "x"} both give {@code "x"}. */
    private static String opaque(String tag) {
        String t = tag.strip();
        return t.startsWith("W/") ? t.substring(2) : t;
    }
}

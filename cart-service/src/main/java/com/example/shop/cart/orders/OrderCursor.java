package com.example.shop.cart.orders;

import com.example.shop.problems.Problems;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a page of the newest-first list of orders ended: the last order's placing time and number
 * (numbers are unique, so the two order every order). Shown as an opaque {@code next}.
 */
record OrderCursor(Instant placedAt, long number) {

    private static final Pattern FORM = Pattern.compile("^(-?[0-9]{1,15})\\.([1-9][0-9]{0,17})$");

    static OrderCursor after(StoredOrder order) {
        return new OrderCursor(order.placedAt(), order.number());
    }

    String encode() {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((placedAt.toEpochMilli() + "." + number).getBytes(StandardCharsets.US_ASCII));
    }

    /** The cursor a page's {@code next} names, or a 400 naming {@code cursor}. */
    static OrderCursor decode(String cursor) {
        try {
            Matcher parts = FORM.matcher(new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.US_ASCII));
            if (parts.matches()) {
                return new OrderCursor(Instant.ofEpochMilli(Long.parseLong(parts.group(1))), Long.parseLong(parts.group(2)));
            }
        } catch (IllegalArgumentException e) {
            // not base64url, or a number out of range: not a cursor of this list either way
        }
        throw Problems.invalidField("cursor", "Not a cursor of this list: pass the 'next' of the previous page.");
    }
}

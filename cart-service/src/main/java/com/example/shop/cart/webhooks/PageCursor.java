package com.example.shop.cart.webhooks;

import com.example.shop.problems.Problems;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.function.Predicate;

/** The opaque {@code next} of a page: the last id of the page, in base64url. */
final class PageCursor {

    private PageCursor() {
    }

    static String encode(String lastId) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(lastId.getBytes(StandardCharsets.UTF_8));
    }

    /** The id a cursor holds, if it is one of this list ({@code ours}); else a 400 naming {@code cursor}. */
    static String decode(String cursor, Predicate<String> ours) {
        try {
            String id = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (ours.test(id)) {
                return id;
            }
        } catch (IllegalArgumentException e) {
            // not base64url: said below
        }
        throw Problems.invalidField("cursor", "Not a cursor of this list: pass the 'next' of the previous page.");
    }
}

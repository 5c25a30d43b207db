package com.example.shop.publicapi;

import java.util.UUID;

/**
 * The {@code X-Request-Id} of a request, as the gateway and every service take it: a client's id is
 * kept when it is 1–128 characters of {@code [A-Za-z0-9._:-]}, otherwise a new random UUID replaces
 * it. The gateway and the services apply this one rule, so an id is the same at every hop and a
 * client value that reaches a log line or a header has passed it: no spaces, quotes, control
 * characters or line breaks that could forge a log line or split a header.
 */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";
    public static final int MAX_LENGTH = 128;
    /** The key of the logging MDC that holds it while the request is served; log formats name it {@code %X{requestId}}. */
    public static final String MDC_KEY = "requestId";

    private RequestIds() {
    }

    /** {@code offered} when it is a valid id, a new random UUID when it is absent or invalid. */
    public static String keptOrNew(String offered) {
        return offered != null && isValid(offered) ? offered : UUID.randomUUID().toString();
    }

    public static boolean isValid(String id) {
        int n = id.length();
        if (n == 0 || n > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = id.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '_' || c == '.' || c == ':';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}

package com.example.shop.gateway.proxy;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;

/**
 * One request as the edge hands it to a service's proxy, with what the edge decided about it.
 *
 * @param path         its path as the router normalized it ({@code RoutingContext.normalizedPath()}: dot
 *                     segments resolved), {@code /api/...}
 * @param maxBodyBytes the largest body its route takes (a bulk import's is larger)
 * @param admin        whether its route needs the admin token
 * @param bodyless     whether it comes without a body (no Transfer-Encoding, no Content-Length above 0)
 * @param safe         a GET or HEAD without a body: one that may be sent again when no answer came
 */
public record Exchange(String path, long maxBodyBytes, boolean admin, boolean bodyless, boolean safe) {

    /** {@code request} as it goes to the service now, its headers as the edge left them. */
    public static Exchange of(HttpServerRequest request, String path, long maxBodyBytes, boolean admin) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        boolean bodyless = !request.headers().contains(HttpHeaders.TRANSFER_ENCODING)
                && (length == null || length.trim().equals("0"));
        boolean safe = bodyless && (request.method() == HttpMethod.GET || request.method() == HttpMethod.HEAD);
        return new Exchange(path, maxBodyBytes, admin, bodyless, safe);
    }
}

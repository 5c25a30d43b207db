package com.example.shop.gateway.edge;

import com.example.shop.publicapi.Routes;

/**
 * The largest request body the gateway forwards: {@code gateway.max-body-bytes} for every request
 * but a bulk import ({@code POST /api/admin/{catalog,categories,inventory}/import}), which streams
 * under {@code gateway.limits.import-max-body-size}. A declared {@code Content-Length} over the
 * limit is refused before the body is read (Gateway); a body of unknown length is counted while it
 * streams (BodyLimit). Either way the answer is a 413 problem naming the limit.
 *
 * @param ordinary the limit of every request but an import
 * @param imports  the limit of a bulk import
 */
record BodyLimits(long ordinary, long imports) {

    /** The limit of a request to {@code path} (dot segments resolved). */
    long of(String method, String path) {
        return Routes.isImport(method, path) ? imports : ordinary;
    }
}

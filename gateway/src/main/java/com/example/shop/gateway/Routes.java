package com.example.shop.gateway;

import io.vertx.core.http.HttpMethod;
import java.util.List;

/**
 * The routing table: which public path prefix goes to which service, and which requests are
 * admin operations that need an admin token at the edge.
 */
final class Routes {

    /** Which requests on a prefix need the admin role. */
    enum Guard {
        /** Never checked at the edge (carts: reachable by their unguessable id). */
        PUBLIC,
        /** Every method except GET and HEAD needs an admin token. */
        ADMIN_WRITES,
        /** Every method needs an admin token. */
        ADMIN_ALL
    }

    record Route(String prefix, String service, Guard guard) {

        boolean matches(String path) {
            return path.startsWith(prefix)
                    && (path.length() == prefix.length() || path.charAt(prefix.length()) == '/');
        }

        boolean needsAdmin(HttpMethod method) {
            return switch (guard) {
                case PUBLIC -> false;
                case ADMIN_ALL -> true;
                case ADMIN_WRITES -> method != HttpMethod.GET && method != HttpMethod.HEAD;
            };
        }
    }

    static final String CATALOG = "catalog";
    static final String CATEGORY = "category";
    static final String CART = "cart";

    static final List<String> SERVICES = List.of(CATALOG, CATEGORY, CART);

    static final List<Route> TABLE = List.of(
            new Route("/api/products", CATALOG, Guard.ADMIN_WRITES),
            new Route("/api/product-types", CATALOG, Guard.ADMIN_WRITES),
            new Route("/api/categories", CATEGORY, Guard.ADMIN_WRITES),
            new Route("/api/admin/categories", CATEGORY, Guard.ADMIN_ALL),
            new Route("/api/carts", CART, Guard.PUBLIC),
            new Route("/api/inventory", CART, Guard.ADMIN_WRITES),
            new Route("/api/admin/inventory", CART, Guard.ADMIN_ALL),
            new Route("/api/admin/jobs", CART, Guard.ADMIN_ALL));

    /** The public prefix that is removed before a request goes to a service. */
    static final String API = "/api";

    /** Each service's OpenAPI document is served at {@code /api/docs/<service>/openapi}. */
    static final String DOCS = "/api/docs";

    private Routes() {
    }

    static Route find(String path) {
        for (Route route : TABLE) {
            if (route.matches(path)) {
                return route;
            }
        }
        return null;
    }
}

package com.example.shop.publicapi;

import java.util.List;

/**
 * The routing table of the gateway: which public path prefix goes to which service, and which
 * requests are admin operations that need an admin token at the edge. The one API document is
 * built from the same table, so it lists exactly what the gateway routes, with the same guards.
 */
public final class Routes {

    /** Which requests on a prefix need the admin role. */
    public enum Guard {
        /** Never checked at the edge (carts: reachable by their unguessable id; orders: by their token). */
        PUBLIC,
        /** Every method except GET and HEAD needs an admin token. */
        ADMIN_WRITES,
        /** Every method needs an admin token. */
        ADMIN_ALL
    }

    public record Route(String prefix, String service, Guard guard) {

        public boolean matches(String path) {
            return path.startsWith(prefix)
                    && (path.length() == prefix.length() || path.charAt(prefix.length()) == '/');
        }

        /** {@code method} is the HTTP method's name, upper case. */
        public boolean needsAdmin(String method) {
            return switch (guard) {
                case PUBLIC -> false;
                case ADMIN_ALL -> true;
                case ADMIN_WRITES -> !method.equals("GET") && !method.equals("HEAD");
            };
        }
    }

    public static final String CATALOG = "catalog";
    public static final String CATEGORY = "category";
    public static final String CART = "cart";

    /** The services behind the gateway, in the order their paths appear in the API document. */
    public static final List<String> SERVICES = List.of(CATALOG, CATEGORY, CART);

    public static final List<Route> TABLE = List.of(
            new Route("/api/products", CATALOG, Guard.ADMIN_WRITES),
            new Route("/api/product-types", CATALOG, Guard.ADMIN_WRITES),
            new Route("/api/admin/catalog", CATALOG, Guard.ADMIN_ALL),
            new Route("/api/categories", CATEGORY, Guard.ADMIN_WRITES),
            new Route("/api/admin/categories", CATEGORY, Guard.ADMIN_ALL),
            new Route("/api/carts", CART, Guard.PUBLIC),
            new Route("/api/orders", CART, Guard.PUBLIC),
            new Route("/api/inventory", CART, Guard.ADMIN_WRITES),
            new Route("/api/admin/inventory", CART, Guard.ADMIN_ALL),
            new Route("/api/admin/jobs", CART, Guard.ADMIN_ALL),
            new Route("/api/admin/orders", CART, Guard.ADMIN_ALL),
            new Route("/api/admin/webhooks", CART, Guard.ADMIN_ALL));

    /**
     * The bases of the bulk APIs (issue 17), one per service: {@code POST <base>/import} takes an
     * NDJSON body of any size up to the import limit, streamed to the service; {@code GET <base>/export}
     * streams NDJSON back. Each is inside an admin route above.
     */
    public static final List<String> BULK = List.of("/api/admin/catalog", "/api/admin/categories", "/api/admin/inventory");

    private static final String IMPORT = "/import";

    /**
     * Whether a request is a bulk import: {@code POST <base>/import} for a base of {@link #BULK}
     * ({@code path} with dot segments resolved, without the query). Its body has a limit of its own.
     */
    public static boolean isImport(String method, String path) {
        return method.equals("POST") && path.endsWith(IMPORT)
                && BULK.contains(path.substring(0, path.length() - IMPORT.length()));
    }

    /** The public prefix that is removed before a request goes to a service. */
    public static final String API = "/api";

    /** Swagger UI, and each service's own document at {@code /api/docs/<service>/openapi}. */
    public static final String DOCS = "/api/docs";

    /** The one API document of the whole platform. */
    public static final String OPENAPI = "/api/openapi";

    private Routes() {
    }

    /**
     * The public form of a path a service uses for one of its own resources ({@code /carts/x?y} →
     * {@code /api/carts/x?y}), or null when the gateway does not route that public path to that service.
     */
    public static String publicPath(String service, String servicePath) {
        if (!servicePath.startsWith("/") || servicePath.startsWith("//")) {
            return null;
        }
        String candidate = API + servicePath;
        int end = candidate.length();
        for (char stop : new char[] {'?', '#'}) {
            int at = candidate.indexOf(stop);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        Route route = find(candidate.substring(0, end));
        return route != null && route.service().equals(service) ? candidate : null;
    }

    /** The route of a public path (dot segments already resolved), or null. */
    public static Route find(String path) {
        for (Route route : TABLE) {
            if (route.matches(path)) {
                return route;
            }
        }
        return null;
    }
}

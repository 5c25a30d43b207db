package com.example.shop.gateway.proxy;

import com.example.shop.publicapi.Routes;
import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import java.net.URI;

/**
 * A service's {@code Location} as the client must see it. A service names its resources by its own
 * paths, either as a path ({@code /admin/jobs/runs/1}) or as an absolute URL on its own address or
 * on the Host it was sent (the client's: the gateway passes Host through), such as
 * {@code http://127.0.0.1:8080/carts/x}. Either becomes the public path {@code /api/...} when the
 * gateway routes that path to that same service. Anything else (another site, a path the gateway
 * does not route there) is passed on unchanged.
 */
final class LocationRewrite implements ProxyInterceptor {

    private final String service;
    /** {@code host:port} of the service, as it would write it in an absolute URL of its own. */
    private final String serviceAuthority;

    LocationRewrite(String service, String serviceAuthority) {
        this.service = service;
        this.serviceAuthority = serviceAuthority;
    }

    @Override
    public Future<Void> handleProxyResponse(ProxyContext context) {
        String location = context.response().headers().get(HttpHeaders.LOCATION);
        if (location != null) {
            context.response().headers().set(HttpHeaders.LOCATION, of(location, service, serviceAuthority,
                    context.request().proxiedRequest().getHeader(HttpHeaders.HOST)));
        }
        return context.sendResponse();
    }

    static String of(String location, String service, String serviceAuthority, String clientHost) {
        String path = ownPath(location.trim(), serviceAuthority, clientHost);
        if (path == null) {
            return location;
        }
        String rewritten = Routes.publicPath(service, path);
        return rewritten == null ? location : rewritten;
    }

    /** The path (with query and fragment) of a location on the service itself, or null. */
    private static String ownPath(String location, String serviceAuthority, String clientHost) {
        if (location.startsWith("/") && !location.startsWith("//")) {
            return location;
        }
        URI uri;
        try {
            uri = URI.create(location);
        } catch (IllegalArgumentException e) {
            return null;
        }
        String scheme = uri.getScheme();
        if (scheme == null || uri.getRawAuthority() == null
                || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
            return null;
        }
        String authority = withPort(uri.getRawAuthority(), scheme);
        boolean own = authority.equalsIgnoreCase(withPort(serviceAuthority, scheme))
                || (clientHost != null && authority.equalsIgnoreCase(withPort(clientHost, scheme)));
        if (!own) {
            return null;
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())
                + (uri.getRawFragment() == null ? "" : "#" + uri.getRawFragment());
    }

    private static String withPort(String authority, String scheme) {
        int bracket = authority.lastIndexOf(']');
        int colon = authority.lastIndexOf(':');
        if (colon > bracket) {
            return authority;
        }
        return authority + (scheme.equalsIgnoreCase("https") ? ":443" : ":80");
    }
}

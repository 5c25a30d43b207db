package com.example.shop.gateway.admin;

import com.example.shop.gateway.GatewayProblems;
import com.example.shop.problems.Problems;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.StaticHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Serves the admin console (module {@code admin-console}) at {@code /admin/}: static files from the
 * {@code META-INF/admin-console} folder of its jar, which the browser runs as plain ES modules. The
 * console only talks to the public {@code /api} with the bearer token the user typed in, so it needs
 * no route of its own beyond these files.
 *
 * <p>The token lives in the page (sessionStorage), so every answer under {@code /admin} carries a
 * strict Content-Security-Policy: scripts, styles and requests only from this origin, no inline
 * script or style, Trusted Types for every DOM sink (the console never writes HTML as a string), no
 * framing. A script injected through data shown on a page therefore cannot run, and could not send
 * the token to another origin if it did.
 */
@ApplicationScoped
public class AdminConsole {

    static final String PATH = "/admin";

    /** Where the admin-console jar keeps its files (not META-INF/resources, so only this class serves them). */
    static final String ASSETS = "META-INF/admin-console";

    /** Every answer under {@code /admin} carries it. */
    public static final String CONTENT_SECURITY_POLICY = String.join("; ",
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self'",
            "connect-src 'self'",
            "form-action 'self'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
            "require-trusted-types-for 'script'",
            "trusted-types 'none'");

    void mount(@Observes Router router) {
        // Relative URLs in index.html (js/, css/) resolve against /admin/, not against /. Vert.x
        // matches /admin/ on this route too, hence the exact test.
        router.route(PATH).handler(context -> {
            if (context.request().path().equals(PATH)) {
                context.redirect(PATH + "/");
            } else {
                context.next();
            }
        });
        router.route(PATH + "/*").handler(AdminConsole::secure);
        router.route(PATH + "/*").method(HttpMethod.GET).method(HttpMethod.HEAD)
                .handler(StaticHandler.create(ASSETS)
                        .setIndexPage("index.html")
                        .setDefaultContentEncoding("UTF-8")
                        // Every load revalidates (Last-Modified), so a new gateway never runs old modules.
                        .setCachingEnabled(false));
        router.route(PATH + "/*").handler(AdminConsole::notFound);
    }

    private static void secure(RoutingContext context) {
        context.response().headers()
                .set("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .set("X-Content-Type-Options", "nosniff")
                .set("X-Frame-Options", "DENY")
                .set("Referrer-Policy", "no-referrer")
                .set(HttpHeaders.CACHE_CONTROL, "no-cache");
        context.next();
    }

    private static void notFound(RoutingContext context) {
        boolean read = context.request().method() == HttpMethod.GET || context.request().method() == HttpMethod.HEAD;
        if (!read) {
            context.response().putHeader(HttpHeaders.ALLOW, "GET, HEAD");
            GatewayProblems.write(context.response(), Problems.methodNotAllowed(
                    "The admin console's files are read with GET; its data goes through /api").problem());
            return;
        }
        GatewayProblems.write(context.response(), Problems.notFound(
                "The admin console has no file at " + context.normalizedPath()).problem());
    }
}

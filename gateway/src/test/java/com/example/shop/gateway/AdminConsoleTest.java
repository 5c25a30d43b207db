package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.gateway.admin.AdminConsole;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The admin console's files at /admin: served from the admin-console jar, under a strict CSP, beside /api. */
@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class AdminConsoleTest {

    private static final Pattern IMPORT = Pattern.compile("(?:from|import)\\s*'(\\.{1,2}/[^']+)'");

    @Test
    void theConsoleIsServedAtAdminWithAStrictContentSecurityPolicy() {
        Response page = given().when().get("/admin/");
        page.then().statusCode(200)
                .contentType(startsWith("text/html"))
                .header("X-Content-Type-Options", "nosniff")
                .header("X-Frame-Options", "DENY")
                .header("Referrer-Policy", "no-referrer")
                .body(containsString("<script type=\"module\" src=\"js/main.js\"></script>"));
        String policy = page.header("Content-Security-Policy");
        assertEquals(AdminConsole.CONTENT_SECURITY_POLICY, policy);
        List<String> directives = Arrays.stream(policy.split(";")).map(String::trim).toList();
        assertTrue(directives.containsAll(List.of("default-src 'none'", "script-src 'self'", "style-src 'self'",
                "connect-src 'self'", "frame-ancestors 'none'", "require-trusted-types-for 'script'")), policy);
        assertFalse(policy.contains("unsafe-inline") || policy.contains("unsafe-eval") || policy.contains("http")
                || policy.contains("*"), "no inline code, no eval, no other origin: " + policy);
    }

    @Test
    void thePageHasNoInlineScriptOrStyle() {
        String html = given().when().get("/admin/").then().statusCode(200).extract().asString();
        assertFalse(Pattern.compile("<script(?![^>]*\\bsrc=)", Pattern.CASE_INSENSITIVE).matcher(html).find(), html);
        assertFalse(Pattern.compile("<style|\\sstyle=|\\son[a-z]+=", Pattern.CASE_INSENSITIVE).matcher(html).find(), html);
    }

    @Test
    void withoutTheTrailingSlashItRedirects() {
        given().redirects().follow(false).when().get("/admin")
                .then().statusCode(302).header("Location", "/admin/");
    }

    /** Every ES module the page loads, followed through its imports, is in the jar with a JavaScript type. */
    @Test
    void everyModuleAndItsImportsAreServed() {
        Deque<String> queue = new ArrayDeque<>(List.of("/admin/js/main.js"));
        Set<String> seen = new LinkedHashSet<>();
        while (!queue.isEmpty()) {
            String path = queue.pop();
            if (!seen.add(path)) {
                continue;
            }
            String source = given().when().get(path).then().statusCode(200)
                    .contentType(startsWith("text/javascript"))
                    .header("Content-Security-Policy", AdminConsole.CONTENT_SECURITY_POLICY)
                    .extract().asString();
            Matcher imports = IMPORT.matcher(source);
            while (imports.find()) {
                queue.add(URI.create(path).resolve(imports.group(1)).getPath());
            }
        }
        assertTrue(seen.size() >= 10, "the views were reached: " + seen);
        given().when().get("/admin/css/console.css").then().statusCode(200).contentType(startsWith("text/css"));
        given().when().get("/admin/icon.svg").then().statusCode(200).contentType(startsWith("image/svg+xml"));
    }

    @Test
    void anUnknownFileIsA404ProblemUnderTheSamePolicy() {
        given().when().get("/admin/no-such-file.js")
                .then().statusCode(404)
                .contentType("application/problem+json")
                .header("Content-Security-Policy", AdminConsole.CONTENT_SECURITY_POLICY)
                .body("type", equalTo("https://problems.shop.example/not-found"))
                .body("detail", containsString("/admin/no-such-file.js"));
    }

    @Test
    void theFilesAreReadOnly() {
        given().when().post("/admin/")
                .then().statusCode(405)
                .contentType("application/problem+json")
                .header("Allow", "GET, HEAD");
    }

    @Test
    void theConsoleDoesNotShadowTheApi() {
        given().when().get("/api/products")
                .then().statusCode(200)
                .header("Content-Security-Policy", nullValue())
                .body("service", equalTo("catalog"))
                .body("uri", equalTo("/products"));
        given().header("Authorization", "Bearer " + TestTokens.admin())
                .when().post("/api/admin/jobs/expire-carts")
                .then().statusCode(200)
                .body("service", equalTo("cart"))
                .body("uri", equalTo("/admin/jobs/expire-carts"));
        given().header("Authorization", "Bearer " + TestTokens.admin())
                .when().get("/api/admin/categories/verify")
                .then().statusCode(200)
                .body("service", equalTo("category"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/administrator", "/adminx/index.html", "/api/admin/index.html"})
    void onlyAdminItselfIsTheConsole(String path) {
        given().when().get(path)
                .then().header("Content-Security-Policy", nullValue())
                .body(not(containsString("js/main.js")));
    }
}

package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** CORS, the body limit and the combined docs. */
@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class EdgeTest {

    static final String STOREFRONT = "http://localhost:3000";

    @TestHTTPResource("/")
    URI gateway;

    @Test
    void preflightIsAnsweredAtTheEdgeWithoutTokenAndWithoutTheService() {
        int before = Stubs.stats("catalog").getInt("options");
        given().header("Origin", STOREFRONT)
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "Authorization,Content-Type")
                .when().options("/api/products")
                .then().statusCode(200)
                .header("Access-Control-Allow-Origin", STOREFRONT)
                .header("Access-Control-Allow-Methods", containsString("POST"))
                .header("Access-Control-Allow-Headers", containsString("Authorization"));
        assertEquals(before, Stubs.stats("catalog").getInt("options"));
    }

    /** The storefront reads an order with its token, a header of its own. */
    @Test
    void thePreflightOfAnOrderReadAllowsItsToken() {
        given().header("Origin", STOREFRONT)
                .header("Access-Control-Request-Method", "GET")
                .header("Access-Control-Request-Headers", "Order-Token")
                .when().options("/api/orders/100001")
                .then().statusCode(200)
                .header("Access-Control-Allow-Origin", STOREFRONT)
                .header("Access-Control-Allow-Headers", containsString("Order-Token"));
    }

    /** A checkout from the storefront sends its Idempotency-Key, and a refused one reads when to try again. */
    @Test
    void theStorefrontMayCheckOutAndReadTheRateLimits() {
        given().header("Origin", STOREFRONT)
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "Content-Type,Idempotency-Key")
                .when().options("/api/carts/c-1/checkout")
                .then().statusCode(200)
                .header("Access-Control-Allow-Origin", STOREFRONT)
                .header("Access-Control-Allow-Headers", containsString("Idempotency-Key"));
        given().header("Origin", STOREFRONT).when().get("/api/products")
                .then().header("Access-Control-Expose-Headers", allOf(containsString("Retry-After"), containsString("RateLimit-Policy")));
    }

    @Test
    void proxiedResponsesCarryCorsHeadersForTheStorefront() {
        var response = given().header("Origin", STOREFRONT).when().get("/api/products");
        response.then().statusCode(200)
                .header("Access-Control-Allow-Origin", STOREFRONT)
                .header("Access-Control-Expose-Headers", containsString("X-Request-Id"))
                .body("service", equalTo("catalog"));
        assertEquals(1, response.headers().getValues("Access-Control-Allow-Origin").size());
    }

    @Test
    void otherOriginsGetNoCorsHeaders() {
        given().header("Origin", "https://evil.example").when().get("/api/products")
                .then().header("Access-Control-Allow-Origin", nullValue());
        int before = Stubs.stats("catalog").getInt("options");
        given().header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "POST")
                .when().options("/api/products")
                .then().header("Access-Control-Allow-Origin", nullValue());
        assertEquals(before, Stubs.stats("catalog").getInt("options"));
    }

    @Test
    void declaredBodyOverTheLimitIs413BeforeAnyOfItIsSent() {
        int before = Stubs.requests("cart");
        given().contentType("application/json").body(new byte[1024 * 1024 + 1])
                .when().post("/api/carts")
                .then().statusCode(413)
                .contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/payload-too-large"))
                .body("status", equalTo(413));
        assertEquals(before, Stubs.requests("cart"));
    }

    @Test
    void bodyAtTheLimitPasses() {
        given().contentType("application/octet-stream").body(new byte[1024 * 1024])
                .when().post("/api/carts")
                .then().statusCode(200)
                .body("bodyLength", equalTo(1024 * 1024));
    }

    @Test
    void chunkedBodyOverTheLimitIs413() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        byte[] big = new byte[3 * 1024 * 1024];
        HttpRequest request = HttpRequest.newBuilder(gateway.resolve("/api/carts"))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/octet-stream")
                // An InputStream publisher has no length: the body goes chunked.
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)))
                .build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(413, response.statusCode(), response.body());
        assertEquals("application/problem+json", response.headers().firstValue("Content-Type").orElse(""));
        assertEquals("https://problems.shop.example/payload-too-large", new JsonObject(response.body()).getString("type"));
    }

    @Test
    void smallChunkedBodyPasses() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(gateway.resolve("/api/carts"))
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[70_000])))
                .build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        JsonObject echo = new JsonObject(response.body());
        assertEquals(70_000, echo.getInteger("bodyLength"));
        assertEquals("chunked", echo.getJsonObject("headers").getString("transfer-encoding"));
    }

    @Test
    void bodiesSurviveAnH2cUpgradeAttempt() throws Exception {
        // java.net.http prefers HTTP/2 and asks for an h2c upgrade on its first request.
        for (boolean chunked : new boolean[] {false, true}) {
            HttpClient client = HttpClient.newBuilder().build();
            byte[] body = new byte[70_000];
            HttpRequest request = HttpRequest.newBuilder(gateway.resolve("/api/carts"))
                    .timeout(Duration.ofSeconds(10))
                    .POST(chunked ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))
                            : HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response.body());
            assertEquals(70_000, new JsonObject(response.body()).getInteger("bodyLength"), "chunked=" + chunked);
        }
    }

    @Test
    void expectContinueIsAnsweredAtTheEdge() throws Exception {
        // Raw HTTP/1.1: the client waits for "100 Continue" before it sends the body.
        try (Socket socket = new Socket(gateway.getHost(), gateway.getPort())) {
            socket.setSoTimeout(3000);
            OutputStream out = socket.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
            out.write(("POST /api/carts HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: 5\r\nExpect: 100-continue\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            assertEquals("HTTP/1.1 100 Continue", in.readLine());
            assertEquals("", in.readLine());
            out.write("hello".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            assertEquals("HTTP/1.1 200 OK", in.readLine());
            int length = -1;
            String line;
            while (!(line = in.readLine()).isEmpty()) {
                if (line.toLowerCase().startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(15).trim());
                }
            }
            char[] body = new char[length];
            int read = 0;
            while (read < length) {
                read += in.read(body, read, length - read);
            }
            JsonObject echo = new JsonObject(new String(body));
            assertEquals(5, echo.getInteger("bodyLength"));
            assertEquals(null, echo.getJsonObject("headers").getString("expect"));
        }
        // A refused request is refused before the client sends its body.
        try (Socket socket = new Socket(gateway.getHost(), gateway.getPort())) {
            socket.setSoTimeout(3000);
            OutputStream out = socket.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
            out.write(("POST /api/products HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 5\r\nExpect: 100-continue\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            assertEquals("HTTP/1.1 401 Unauthorized", in.readLine());
        }
    }

    @Test
    void eachServiceDocumentIsServedUnderApiDocs() {
        for (String service : new String[] {"catalog", "category", "cart"}) {
            given().when().get("/api/docs/" + service + "/openapi")
                    .then().statusCode(200)
                    .body(containsString("title: " + service + "-service API"));
        }
        given().when().get("/api/docs/nope/openapi").then().statusCode(404);
    }

    /** The README's tour opens /api/docs: it answers as /api/docs/ does, by a relative redirect there. */
    @Test
    void swaggerUiAnswersWithAndWithoutItsTrailingSlash() {
        given().redirects().follow(false).when().get("/api/docs")
                .then().statusCode(302).header("Location", "/api/docs/");
        for (String path : new String[] {"/api/docs", "/api/docs/"}) {
            given().redirects().follow(true).when().get(path)
                    .then().statusCode(200).contentType(containsString("text/html"))
                    .body(containsString("/api/docs/catalog/openapi"));
        }
    }

    @Test
    void swaggerUiShowsTheMergedDocumentByDefaultAndListsTheServicesDocuments() {
        String page = given().redirects().follow(true).when().get("/api/docs/")
                .then().statusCode(200).extract().asString();
        assertTrue(page.contains("/api/openapi"), page);
        assertTrue(page.contains("'urls.primaryName': 'shop'") || page.contains("\"urls.primaryName\": \"shop\"")
                || page.contains("urls.primaryName") && page.contains("shop"), page);
        assertTrue(page.contains("/api/docs/catalog/openapi"), page);
        assertTrue(page.contains("/api/docs/category/openapi"), page);
        assertTrue(page.contains("/api/docs/cart/openapi"), page);
    }
}

package com.example.shop.e2e;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.startsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.oneOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.publicapi.ApiDocument;
import com.example.shop.testsupport.PublishedSchema;
import com.fasterxml.jackson.databind.JsonNode;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The storefront and admin stories, end to end: {@code ./platform up} starts the packaged
 * services, the gateway and the embedded database as real processes and loads the sample
 * catalog; every request here goes through the gateway only. Every answer of the API they receive
 * is held to the merged API document's schema for its operation and status ({@link DocumentedAnswers}).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StorefrontAndAdminStoriesTest {

    /** Carts idle longer than this are expired by the admin-triggered job (see the expiry story). */
    private static final int INACTIVE_AFTER_SECONDS = 6;

    private static LocalPlatform platform;
    private static String adminToken;
    /** The merged API document as the gateway serves it (the same as the build-time one the client was generated from: order 14). */
    private static PublishedSchema document;
    /** Every answer of the API these stories receive through RestAssured, held to the document; asserted last. */
    private static DocumentedAnswers storiesAnswers;
    /** Where the platform exports its traces (every process of it, by OTLP/HTTP), for the trace story. */
    private static OtlpReceiver traces;

    @BeforeAll
    static void startPlatform() throws Exception {
        Path directory = Path.of("target", "e2e-platform").toAbsolutePath();
        traces = new OtlpReceiver();
        Map<String, String> environment = new LinkedHashMap<>(Map.of(
                "CART_EXPIRY_INACTIVE_AFTER", "PT" + INACTIVE_AFTER_SECONDS + "S",
                "CART_EXPIRY_EVERY", "PT1H",
                "CART_CLEANUP_EVERY", "PT1H"));
        environment.putAll(traces.exportEnvironment());
        platform = LocalPlatform.fresh(directory, environment);
        String banner = platform.run("up");
        assertTrue(banner.contains("The platform is up"), banner);
        adminToken = platform.adminToken();
        RestAssured.baseURI = platform.gatewayUrl();
        document = PublishedSchema.of(given().when().get("/api/openapi").then().statusCode(200).extract().asString()).closed();
        storiesAnswers = new DocumentedAnswers(document);
        RestAssured.filters(storiesAnswers.filterOf(platform.gatewayUrl()));
    }

    @AfterAll
    static void stopPlatform() throws Exception {
        RestAssured.replaceFiltersWith(new ArrayList<>());
        try {
            if (platform != null) {
                platform.run("down");
            }
        } finally {
            if (traces != null) {
                traces.close();
            }
        }
    }

    @Test
    @Order(1)
    void browseTheCategoryTree() {
        given().queryParam("tree", true)
                .when().get("/api/categories")
                .then().statusCode(200)
                .body(containsString("\"music\""))
                .body(containsString("\"hard-bop\""))
                .body(containsString("\"science-fiction\""));
    }

    @Test
    @Order(2)
    void breadcrumbsRunFromTheRoot() {
        given().when().get("/api/categories/hard-bop")
                .then().statusCode(200)
                .body("slug", equalTo("hard-bop"))
                .body("breadcrumbs.slug", equalTo(List.of("music", "jazz", "bop")));
    }

    @Test
    @Order(3)
    void productsOfACategoryIncludeItsSubcategories() {
        List<String> skus = given().queryParam("category", "jazz").queryParam("limit", 100)
                .when().get("/api/products")
                .then().statusCode(200)
                .extract().jsonPath().getList("items.sku");
        assertTrue(skus.containsAll(List.of("00e8da9b", "kind-of-blue", "giant-steps", "moanin",
                "shape-of-jazz", "joplin-rags")), skus.toString());
        assertTrue(!skus.contains("led-zeppelin-iv") && !skus.contains("the-matrix"), skus.toString());

        given().queryParam("category", "no-such-category")
                .when().get("/api/products")
                .then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    @Order(4)
    void searchTheCatalog() {
        given().queryParam("type", "Film").queryParam("actor", "Keanu Reeves").queryParam("sort", "-issue_date")
                .when().get("/api/products")
                .then().statusCode(200)
                .body("items.sku", equalTo(List.of("john-wick", "the-matrix", "speed-1994")));

        given().queryParam("type", "Audio Album").queryParam("genre", "Jazz").queryParam("sort", "-issue_date")
                .queryParam("limit", 2)
                .when().get("/api/products")
                .then().statusCode(200)
                .body("items.sku", equalTo(List.of("joplin-rags", "00e8da9b")))
                .body("next", notNullValue());

        given().queryParam("title", "odyssey")
                .when().get("/api/products")
                .then().statusCode(200)
                .body("items.sku", equalTo(List.of("2001-space-odyssey")));

        given().queryParam("gnre", "Jazz")
                .when().get("/api/products")
                .then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("gnre"));
    }

    @Test
    @Order(5)
    void addToCartOverReserveChangeQuantityAndCheckOut() {
        // a known, small stock: more than there is stays within the per-cart limit of 10
        int stocked = available("moanin");
        setAvailable("moanin", 6);
        int before = available("moanin");
        String cart = newCart();

        addItem(cart, "moanin", 2).then().statusCode(200);
        assertEquals(before - 2, available("moanin"));

        addItem(cart, "moanin", before - 1)
                .then().statusCode(409).contentType("application/problem+json")
                .body("type", containsString("insufficient-inventory"))
                .body("available", equalTo(before - 2));
        assertEquals(before - 2, available("moanin"), "a refused add reserves nothing");

        // more than one cart may hold of a product: 409 line-limit naming the limit, nothing reserved
        addItem(cart, "moanin", 9)
                .then().statusCode(409).contentType("application/problem+json")
                .body("type", containsString("line-limit"))
                .body("max", equalTo(10))
                .body("sku", equalTo("moanin"));
        assertEquals(before - 2, available("moanin"));

        given().contentType(ContentType.JSON).body("{\"qty\": 3}")
                .when().put("/api/carts/" + cart + "/items/moanin")
                .then().statusCode(200);
        assertEquals(before - 3, available("moanin"));

        given().when().get("/api/carts/" + cart)
                .then().statusCode(200)
                .body("status", equalTo("active"))
                .body("items[0].sku", equalTo("moanin"))
                .body("items[0].qty", equalTo(3));

        String key = UUID.randomUUID().toString();
        Response first = checkout(cart, key, "approve");
        first.then().statusCode(200).body("status", equalTo("complete"));
        Response again = checkout(cart, key, "approve");
        again.then().statusCode(200).body("charge_id", equalTo(first.jsonPath().getString("charge_id")));

        given().when().get("/api/inventory/moanin")
                .then().statusCode(200)
                .body("available", equalTo(before - 3))
                .body("reserved", equalTo(0));
        addItem(cart, "moanin", 1).then().statusCode(409).body("type", containsString("cart-inactive"));

        // the later stories (the tour, the smoke test) buy moanin from the sample's stock
        setAvailable("moanin", stocked);
    }

    private void setAvailable(String sku, int qty) {
        given().header("Authorization", "Bearer " + adminToken).contentType(ContentType.JSON)
                .body(Map.of("qty", qty))
                .when().put("/api/inventory/" + sku).then().statusCode(200);
    }

    @Test
    @Order(6)
    void aDeclinedPaymentKeepsTheCartAndItsReservation() {
        int before = available("shape-of-jazz");
        String cart = newCart();
        addItem(cart, "shape-of-jazz", 1).then().statusCode(200);

        checkout(cart, UUID.randomUUID().toString(), "decline")
                .then().statusCode(402).contentType("application/problem+json");

        given().when().get("/api/carts/" + cart)
                .then().statusCode(200).body("status", equalTo("active"));
        assertEquals(before - 1, available("shape-of-jazz"), "the reservation is kept after a decline");
    }

    @Test
    @Order(7)
    void adminRoutesNeedAToken() {
        given().contentType(ContentType.JSON).body("{\"qty\": 1000}")
                .when().put("/api/inventory/moanin")
                .then().statusCode(401).contentType("application/problem+json");
        given().header("Authorization", "Bearer not-a-token")
                .when().post("/api/admin/jobs/expire-carts")
                .then().statusCode(401);
        given().when().get("/api/inventory/moanin").then().statusCode(200);
    }

    @Test
    @Order(8)
    void idleCartsAreExpiredByTheAdminTriggeredJob() throws Exception {
        int before = available("speed-1994");
        String cart = newCart();
        addItem(cart, "speed-1994", 2).then().statusCode(200);
        assertEquals(before - 2, available("speed-1994"));

        Thread.sleep((INACTIVE_AFTER_SECONDS + 1) * 1000L);
        // The job runs in the background: 202 at once, and its run is followed at the public Location.
        Response started = given().header("Authorization", "Bearer " + adminToken)
                .when().post("/api/admin/jobs/expire-carts");
        started.then().statusCode(202)
                .header("Location", matchesPattern("^/api/admin/jobs/runs/[0-9a-f]{24}$"))
                .header("Cache-Control", "private, no-store")
                .body("kind", equalTo("expire-carts"))
                .body("labels.trigger", equalTo("manual"));
        assertEquals("/api/admin/jobs/runs/" + started.jsonPath().getString("id"), started.header("Location"));
        Response finished = awaitRun(started.header("Location"));
        finished.then().body("state", equalTo("succeeded"))
                .body("finished_at", notNullValue())
                .body("counts.expired", greaterThanOrEqualTo(1))
                .body("counts.returned_units", greaterThanOrEqualTo(2));
        given().header("Authorization", "Bearer " + adminToken).queryParam("job", "expire-carts")
                .when().get("/api/admin/jobs/runs")
                .then().statusCode(200)
                .body("items.id", hasItem(started.jsonPath().getString("id")));

        given().when().get("/api/carts/" + cart)
                .then().statusCode(200).body("status", equalTo("expired"));
        assertEquals(before, available("speed-1994"), "the expired cart's stock is back");
    }

    @Test
    @Order(9)
    void aKilledUpstreamIsA5xxProblemAndRecovers() throws Exception {
        platform.kill("catalog");
        long started = System.nanoTime();
        given().when().get("/api/products/moanin")
                .then().statusCode(oneOf(502, 503)).contentType("application/problem+json")
                .body("service", equalTo("catalog"))
                .header("X-Request-Id", notNullValue());
        assertTrue(System.nanoTime() - started < 10_000_000_000L, "the gateway answered without hanging");
        // the other services keep serving
        given().when().get("/api/categories/jazz").then().statusCode(200);

        platform.run("up"); // starts what is not running
        given().when().get("/api/products/moanin")
                .then().statusCode(200).body("sku", equalTo("moanin"))
                .body("title", not(equalTo("")));
    }

    @Test
    @Order(10)
    void theStorefrontTourRunsThroughAClientGeneratedFromTheApiDocumentAndEveryAnswerIsDocumented() throws Exception {
        DocumentedAnswers answers = new DocumentedAnswers(document);
        new StorefrontTour(platform.gatewayUrl(), answers).run();
        answers.assertEveryAnswerDocumented();
    }

    @Test
    @Order(11)
    void publicReadsAreCacheableAndAnswerIfNoneMatchWith304() {
        for (String read : List.of("/api/products/kind-of-blue", "/api/products?category=jazz&limit=5",
                "/api/categories/hard-bop", "/api/categories?tree=true", "/api/product-types")) {
            Response first = given().urlEncodingEnabled(false).when().get(read);
            first.then().statusCode(200)
                    .header("ETag", notNullValue())
                    .header("Cache-Control", matchesPattern("^public, max-age=\\d+, stale-while-revalidate=\\d+$"));
            given().urlEncodingEnabled(false).header("If-None-Match", first.header("ETag")).when().get(read)
                    .then().statusCode(304)
                    .header("ETag", first.header("ETag"))
                    .body(emptyString());
            given().urlEncodingEnabled(false).when().head(read)
                    .then().statusCode(200).header("ETag", first.header("ETag")).body(emptyString());
        }
        // A product's tag is its version (strong); lists carry a weak tag over their content.
        given().when().get("/api/products/kind-of-blue").then().header("ETag", matchesPattern("^\"\\d+\"$"));
        given().when().get("/api/products?category=jazz&limit=5").then().header("ETag", startsWith("W/\""));
        // Carts and inventory are never stored; admin answers are private.
        given().when().get("/api/inventory/moanin").then().statusCode(200).header("Cache-Control", "no-store");
        given().header("Authorization", "Bearer " + adminToken).when().get("/api/admin/categories/verify")
                .then().statusCode(200).header("Cache-Control", "private, no-store");
    }

    @Test
    @Order(12)
    void aProductUpdateMovesTheTagOfTheProductAndOfEveryListHoldingIt() {
        String list = "/api/products?type=Film&actor=Keanu%20Reeves&sort=-issue_date";
        Response product = given().when().get("/api/products/john-wick");
        String productTag = product.header("ETag");
        String listTag = given().urlEncodingEnabled(false).when().get(list).then().statusCode(200)
                .body("items.sku", hasItem("john-wick")).extract().header("ETag");

        Map<String, Object> body = new LinkedHashMap<>(product.jsonPath().getMap(""));
        body.remove("_id");
        @SuppressWarnings("unchecked")
        Map<String, Object> pricing = new LinkedHashMap<>((Map<String, Object>) body.get("pricing"));
        pricing.remove("savings");
        pricing.remove("pct_savings");
        body.put("pricing", pricing);
        body.put("title", product.jsonPath().getString("title") + " (Director's Cut)");
        given().header("Authorization", "Bearer " + adminToken).header("If-Match", productTag)
                .contentType(ContentType.JSON).body(body)
                .when().put("/api/products/john-wick")
                .then().statusCode(200);

        String productAfter = given().header("If-None-Match", productTag).when().get("/api/products/john-wick")
                .then().statusCode(200).extract().header("ETag");
        String listAfter = given().urlEncodingEnabled(false).header("If-None-Match", listTag).when().get(list)
                .then().statusCode(200).extract().header("ETag");
        assertNotEquals(productTag, productAfter);
        assertNotEquals(listTag, listAfter);
        // If-Match still guards writes: the old version is refused.
        given().header("Authorization", "Bearer " + adminToken).header("If-Match", productTag)
                .contentType(ContentType.JSON).body(body)
                .when().put("/api/products/john-wick")
                .then().statusCode(412);
    }

    @Test
    @Order(13)
    void aNewCartIsNamedByItsPublicPath() {
        Response created = given().when().post("/api/carts");
        created.then().statusCode(201);
        assertEquals("/api/carts/" + created.jsonPath().getString("id"), created.header("Location"));
        given().when().get(created.header("Location")).then().statusCode(200).body("status", equalTo("active"));
    }

    @Test
    @Order(14)
    void theLiveApiDocumentIsTheMergeOfTheBuildTimeDocuments() throws Exception {
        JsonNode buildTime = ApiDocument.parse(Files.readAllBytes(
                Path.of(System.getProperty("api.document", "target/openapi/shop-api.json"))));
        byte[] live = given().when().get("/api/openapi").then().statusCode(200).contentType("application/json")
                .extract().asByteArray();
        assertEquals(buildTime, ApiDocument.parse(live));
        String yaml = given().queryParam("format", "yaml").when().get("/api/openapi")
                .then().statusCode(200).contentType("application/yaml").extract().asString();
        assertEquals(buildTime, new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(yaml));
        // Swagger UI shows it by default.
        String page = given().redirects().follow(true).when().get("/api/docs/").then().statusCode(200).extract().asString();
        assertTrue(page.contains("/api/openapi"), page);
    }

    /** Follows a job run's public location until it has ended (60 s at most). */
    private static Response awaitRun(String location) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        Response run;
        do {
            run = given().header("Authorization", "Bearer " + adminToken).when().get(location);
            run.then().statusCode(200);
            if (!"running".equals(run.jsonPath().getString("state"))) {
                return run;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("the run at " + location + " is still running: " + run.asString());
    }

    @Test
    @Order(15)
    void theOperatorsEndpointsAreOnTheManagementPortsOnly() {
        // The packaged services run in the prod profile: the public ports serve the API alone.
        for (int port : new int[] {platform.gatewayPort, platform.catalogPort, platform.categoryPort, platform.cartPort}) {
            given().baseUri("http://127.0.0.1").port(port).when().get("/q/metrics").then().statusCode(404);
        }
        given().baseUri("http://127.0.0.1").port(platform.gatewayManagementPort).when().get("/q/metrics")
                .then().statusCode(200).body(containsString("http_server_requests_seconds_count"));
        given().baseUri("http://127.0.0.1").port(platform.catalogManagementPort).when().get("/q/health/ready")
                .then().statusCode(200).body("status", equalTo("UP"));
        // The gateway reaches the services' readiness and API documents on their management ports.
        given().baseUri("http://127.0.0.1").port(platform.gatewayManagementPort).when().get("/q/health/ready")
                .then().statusCode(200).body("checks.find { it.name == 'upstreams' }.data.cart", equalTo("UP"));
        given().when().get("/api/docs/cart/openapi").then().statusCode(200).body(containsString("/carts/{id}"));
    }

    /** The smoke test CI runs against docker compose (.ci/smoke-test), here against the local platform. */
    @Test
    @Order(16)
    void theComposeSmokeTestPassesAgainstThePlatform() throws Exception {
        String out = platform.script(".ci/smoke-test", platform.gatewayUrl(), adminToken);
        assertTrue(out.contains("smoke test passed"), out);
    }

    /** The answers of the stories above (the smoke test's are curl's), each held to the document as the tour's are (order 10). */
    @Test
    @Order(100)
    void everyAnswerOfTheApiTheStoriesReceivedIsDocumented() {
        storiesAnswers.assertEveryAnswerDocumented();
    }

    /**
     * One add-to-cart is one trace: the client's traceparent is continued by the gateway, which
     * proxies to the cart, which asks the catalog for the product; the spans of all three processes
     * and of the MongoDB commands of both services arrive, exported, under the client's trace id, as
     * one tree whose root is the gateway's span. The tree is printed (cart-service/README.md shows one).
     */
    /**
     * A product's change reaches a subscriber of {@code product.changed}: the cart service follows the
     * catalog's settled changes (docs/design.md, Webhooks) and sends one signed event naming the sku.
     */
    @Test
    @Order(18)
    void aProductChangeReachesAProductChangedSubscriber() throws Exception {
        List<JsonNode> received = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> signatures = new java.util.concurrent.CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer receiver = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hooks", exchange -> {
            received.add(new com.fasterxml.jackson.databind.ObjectMapper().readTree(exchange.getRequestBody()));
            signatures.add(String.valueOf(exchange.getRequestHeaders().getFirst("webhook-signature")));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        String subscription = null;
        try {
            subscription = given().header("Authorization", "Bearer " + adminToken).contentType(ContentType.JSON)
                    .body(Map.of("url", "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks", "events", List.of("product.changed")))
                    .when().post("/api/admin/webhooks").then().statusCode(201).extract().path("id");
            long deadline = System.nanoTime() + 20_000_000_000L;
            // the follower starts at the next schedule, from the catalog's revision then
            while (!"running".equals(given().header("Authorization", "Bearer " + adminToken)
                    .queryParam("job", "follow-product-changes").queryParam("limit", 1)
                    .when().get("/api/admin/jobs/runs").then().statusCode(200).extract().path("items[0].state"))) {
                assertTrue(System.nanoTime() < deadline, "the product-changes follower never started");
                Thread.sleep(100);
            }
            Thread.sleep(1000); // its first round, which takes that revision
            Response product = given().when().get("/api/products/kind-of-blue");
            Map<String, Object> body = new LinkedHashMap<>(product.jsonPath().getMap(""));
            @SuppressWarnings("unchecked")
            Map<String, Object> pricing = new LinkedHashMap<>((Map<String, Object>) body.get("pricing"));
            pricing.remove("savings");
            pricing.remove("pct_savings");
            body.put("pricing", pricing);
            body.put("description", "Remastered");
            given().header("Authorization", "Bearer " + adminToken).header("If-Match", product.header("ETag"))
                    .contentType(ContentType.JSON).body(body).when().put("/api/products/kind-of-blue").then().statusCode(200);

            while (received.stream().noneMatch(event -> "kind-of-blue".equals(event.path("subject").asText()))) {
                assertTrue(System.nanoTime() < deadline, "no product.changed arrived: " + received);
                Thread.sleep(50);
            }
            JsonNode event = received.stream().filter(e -> "kind-of-blue".equals(e.path("subject").asText())).findFirst().orElseThrow();
            assertEquals("product.changed", event.path("type").asText());
            assertEquals("kind-of-blue", event.path("data").path("sku").asText());
            assertTrue(event.path("sequence").asLong() > 0, "the catalog revision: " + event);
            assertTrue(signatures.get(received.indexOf(event)).startsWith("v1,"), signatures.toString());
        } finally {
            if (subscription != null) {
                given().header("Authorization", "Bearer " + adminToken).when().delete("/api/admin/webhooks/" + subscription);
            }
            receiver.stop(0);
        }
    }

    @Test
    @Order(17)
    void oneAddToCartIsOneTraceThroughGatewayCartCatalogAndMongoDb() throws Exception {
        String cart = newCart();
        String traceId = UUID.randomUUID().toString().replace("-", "");
        String clientSpan = traceId.substring(0, 16);
        given().header("traceparent", "00-" + traceId + "-" + clientSpan + "-01")
                .contentType(ContentType.JSON).body(Map.of("sku", "kind-of-blue", "qty", 1))
                .when().post("/api/carts/" + cart + "/items")
                .then().statusCode(200);

        List<OtlpSpans.Span> spans = traces.awaitTrace(traceId, received ->
                server(received, "gateway") != null && server(received, "cart-service") != null
                        && server(received, "catalog-service") != null
                        && mongoCommands(received, "cart-service") > 0 && mongoCommands(received, "catalog-service") > 0);
        TraceTree tree = new TraceTree(spans);
        System.out.println("One add-to-cart, trace " + traceId + ":\n" + tree);

        OtlpSpans.Span gateway = server(spans, "gateway");
        OtlpSpans.Span cartServer = server(spans, "cart-service");
        OtlpSpans.Span catalogServer = server(spans, "catalog-service");
        assertEquals(List.of(gateway), tree.roots(), "one tree, the gateway's span its root:\n" + tree);
        assertEquals(clientSpan, gateway.parentSpanId(), "the gateway continues the client's trace");
        assertTrue(tree.under(cartServer, gateway), "the cart serves the gateway's request:\n" + tree);
        assertTrue(tree.under(catalogServer, cartServer), "the catalog serves the cart's request:\n" + tree);
        for (String service : List.of("cart-service", "catalog-service")) {
            OtlpSpans.Span serving = server(spans, service);
            for (OtlpSpans.Span command : spans) {
                if (command.service().equals(service) && command.attributes().containsKey("mongodb.command")) {
                    assertTrue(tree.under(command, serving), service + "'s MongoDB command " + command + " is part of its request");
                }
            }
        }
        // The services' log lines of this request name the trace: what an operator greps .platform/logs for.
        for (Map.Entry<String, String> expected : LocalPlatform.addToCartAccessLines(cart).entrySet()) {
            String log = platform.log(expected.getKey());
            assertTrue(log.lines().anyMatch(line -> line.contains("traceId=" + traceId) && line.contains(expected.getValue())),
                    expected.getKey() + "'s access-log line of the add-to-cart names the trace: " + expected.getValue());
        }
    }

    /** The span of {@code service} serving a request (kind server), or null. */
    private static OtlpSpans.Span server(List<OtlpSpans.Span> spans, String service) {
        return spans.stream().filter(span -> span.service().equals(service) && span.kind() == OtlpSpans.SERVER)
                .findFirst().orElse(null);
    }

    private static long mongoCommands(List<OtlpSpans.Span> spans, String service) {
        return spans.stream().filter(span -> span.service().equals(service) && span.attributes().containsKey("mongodb.command"))
                .count();
    }

    private static String newCart() {
        return given().when().post("/api/carts")
                .then().statusCode(201).extract().jsonPath().getString("id");
    }

    private static Response addItem(String cart, String sku, int qty) {
        return given().contentType(ContentType.JSON).body(Map.of("sku", sku, "qty", qty))
                .when().post("/api/carts/" + cart + "/items");
    }

    private static Response checkout(String cart, String key, String outcome) {
        return given().contentType(ContentType.JSON).header("Idempotency-Key", key)
                .body(Map.of("payment", Map.of("method", "card", "simulate", outcome)))
                .when().post("/api/carts/" + cart + "/checkout");
    }

    private static int available(String sku) {
        return given().when().get("/api/inventory/" + sku)
                .then().statusCode(200).extract().jsonPath().getInt("available");
    }
}

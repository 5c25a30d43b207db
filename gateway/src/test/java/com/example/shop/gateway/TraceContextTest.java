package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.publicapi.RequestIds;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.LogCapture;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The gateway's part of a trace (W3C Trace Context): it continues the trace of a client's
 * {@code traceparent}, or starts one, and the service it proxies to receives a {@code traceparent}
 * of that trace whose parent is the gateway's own span; every log line of the request, the
 * access-log line included, names the trace. No exporter is configured here, so the spans are not
 * recorded (RecordWhenExported): the ids travel all the same (the tests run with the SDK on, %test;
 * without an endpoint the packaged gateway has tracing off: TracingOnlyWhenExported).
 */
@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class TraceContextTest {

    private static final Pattern TRACEPARENT = Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]");
    private static final String CLIENT_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CLIENT_SPAN = "00f067aa0ba902b7";

    @Test
    void theClientsTraceIsContinuedAndSentOnToTheService() {
        Response response = given().header("traceparent", "00-" + CLIENT_TRACE + "-" + CLIENT_SPAN + "-01")
                .when().get("/api/products/sku-1");
        response.then().statusCode(200);
        Matcher forwarded = traceparent(response.jsonPath().getString("headers.traceparent"));
        assertEquals(1, response.jsonPath().getInt("traceparents"),
                "one traceparent, the gateway's: with the client's beside it the service took the client's span for its parent");
        assertEquals(CLIENT_TRACE, forwarded.group(1), "the service joins the client's trace");
        assertNotEquals(CLIENT_SPAN, forwarded.group(2), "its parent is the gateway's span, not the client's");
    }

    @Test
    void withoutATraceparentTheGatewayStartsATrace() {
        Response first = given().when().get("/api/carts/c1");
        Response second = given().when().get("/api/carts/c1");
        String one = traceparent(first.jsonPath().getString("headers.traceparent")).group(1);
        String other = traceparent(second.jsonPath().getString("headers.traceparent")).group(1);
        assertNotEquals("00000000000000000000000000000000", one);
        assertNotEquals(one, other, "a trace per request");
    }

    @Test
    void theAccessLogLineNamesTheTraceAndTheRequestId() {
        try (LogCapture traces = LogCapture.of("io.quarkus.http.access-log", "traceId");
             LogCapture ids = LogCapture.of("io.quarkus.http.access-log", RequestIds.MDC_KEY)) {
            given().header("traceparent", "00-" + CLIENT_TRACE + "-" + CLIENT_SPAN + "-01")
                    .header(RequestIds.HEADER, "traced-1")
                    .when().get("/api/carts/c9").then().statusCode(200);
            String line = "\"GET /api/carts/c9 HTTP/1.1\" 200";
            assertEquals(CLIENT_TRACE, traces.await(l -> l.message().contains(line)).mdc());
            assertEquals("traced-1", ids.await(l -> l.message().contains(line)).mdc());
        }
    }

    @Test
    void aRequestTheGatewayAnswersItselfHasATraceToo() {
        try (LogCapture traces = LogCapture.of("io.quarkus.http.access-log", "traceId")) {
            given().header("traceparent", "00-" + CLIENT_TRACE + "-" + CLIENT_SPAN + "-01")
                    .when().get("/api/no-such-route").then().statusCode(404);
            String trace = traces.await(l -> l.message().contains("\"GET /api/no-such-route HTTP/1.1\" 404")).mdc();
            assertEquals(CLIENT_TRACE, trace);
        }
    }

    private static Matcher traceparent(String header) {
        assertTrue(header != null, "the service got a traceparent");
        Matcher matcher = TRACEPARENT.matcher(header);
        assertTrue(matcher.matches(), header);
        return matcher;
    }
}

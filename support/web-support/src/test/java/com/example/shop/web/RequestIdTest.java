package com.example.shop.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.example.shop.publicapi.RequestIds;
import com.example.shop.testsupport.LogCapture;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * X-Request-Id in every service (TakeRequestId, ForwardRequestId): kept or minted, answered, in the
 * MDC of every log line of the request whether the resource runs on the event loop or on a worker,
 * and forwarded by the REST clients.
 */
@QuarkusTest
class RequestIdTest {

    static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private LogCapture log;

    @BeforeEach
    void capture() {
        log = LogCapture.of(RequestIdProbeResource.class.getName(), RequestIds.MDC_KEY);
    }

    @AfterEach
    void release() {
        log.close();
    }

    @Test
    void aGivenIdIsAnsweredAndCarriedByTheLogLineOfAResourceOnTheEventLoop() {
        given().header(RequestIds.HEADER, "storefront-1.a").get("/probe/request-id/event-loop")
                .then().statusCode(200).header(RequestIds.HEADER, "storefront-1.a")
                .body("thread", startsWith("vert.x-eventloop"));
        assertEquals("storefront-1.a", log.await(l -> l.message().equals("probe on the event loop")).mdc());
    }

    @Test
    void aGivenIdIsCarriedByTheLogLineOfAResourceOnAWorker() {
        given().header(RequestIds.HEADER, "storefront-2.b").get("/probe/request-id/worker")
                .then().statusCode(200).header(RequestIds.HEADER, "storefront-2.b")
                .body("thread", startsWith("executor-thread"));
        assertEquals("storefront-2.b", log.await(l -> l.message().equals("probe on a worker")).mdc());
    }

    @Test
    void aRequestWithoutAnIdGetsANewOneInItsAnswerAndItsLogLines() {
        Response first = given().get("/probe/request-id/worker");
        first.then().statusCode(200).header(RequestIds.HEADER, matchesPattern(UUID));
        String id = first.header(RequestIds.HEADER);
        assertEquals(id, log.await(l -> l.message().equals("probe on a worker")).mdc());
        assertNotEquals(id, given().get("/probe/request-id/worker").header(RequestIds.HEADER), "one id per request");
    }

    @Test
    void anInvalidIdIsReplacedNeverEchoedNorLogged() {
        for (String invalid : new String[] {"x".repeat(RequestIds.MAX_LENGTH + 1), "bad id\" <script>", "forged\\nERROR"}) {
            Response response = given().header(RequestIds.HEADER, invalid).get("/probe/request-id/event-loop");
            response.then().statusCode(200).header(RequestIds.HEADER, matchesPattern(UUID));
            String id = response.header(RequestIds.HEADER);
            assertEquals(id, log.await(l -> l.message().equals("probe on the event loop") && id.equals(l.mdc())).mdc());
        }
        assertEquals(0, log.lines().stream().filter(l -> l.mdc() != null && !l.mdc().matches(UUID)).count(),
                "no log line carries a client's invalid id: " + log.lines());
    }

    @Test
    void theLongestValidIdIsKept() {
        String longest = "a".repeat(RequestIds.MAX_LENGTH);
        given().header(RequestIds.HEADER, longest).get("/probe/request-id/event-loop")
                .then().statusCode(200).header(RequestIds.HEADER, longest);
    }

    @Test
    void aRestClientCallForwardsTheIdOfTheRequestBeingServed() {
        given().header(RequestIds.HEADER, "relay-3.c").get("/probe/request-id/relay")
                .then().statusCode(200).header(RequestIds.HEADER, "relay-3.c").body("received", equalTo("relay-3.c"));
        Response minted = given().get("/probe/request-id/relay");
        minted.then().statusCode(200).body("received", equalTo(minted.header(RequestIds.HEADER)));
    }

    @Test
    void problemsAndEarlyRefusalsCarryTheIdToo() {
        given().header(RequestIds.HEADER, "conflict-4").get("/probe/conflict")
                .then().statusCode(409).header(RequestIds.HEADER, "conflict-4");
        given().header(RequestIds.HEADER, "too-large-5").contentType(ContentType.JSON).body("x".repeat(2048))
                .post("/probe")
                .then().statusCode(413).header(RequestIds.HEADER, "too-large-5");
    }
}

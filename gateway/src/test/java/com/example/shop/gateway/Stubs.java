package com.example.shop.gateway;

import static io.restassured.RestAssured.given;

import io.restassured.path.json.JsonPath;
import org.eclipse.microprofile.config.ConfigProvider;

/** The tests' remote control of {@link StubUpstreams}. */
final class Stubs {

    private Stubs() {
    }

    private static String base() {
        return ConfigProvider.getConfig().getValue("stub.control.url", String.class);
    }

    static void down(String service) {
        given().baseUri(base()).post("/" + service + "/down").then().statusCode(200);
    }

    static void up(String service) {
        given().baseUri(base()).post("/" + service + "/up").then().statusCode(200);
    }

    static void slow(String service, long millis) {
        given().baseUri(base()).queryParam("ms", millis).post("/" + service + "/slow").then().statusCode(200);
    }

    static void fast(String service) {
        given().baseUri(base()).post("/" + service + "/fast").then().statusCode(200);
    }

    /** The service keeps every request unanswered from now on, until {@link #release}. */
    static void hold(String service) {
        given().baseUri(base()).post("/" + service + "/hold").then().statusCode(200);
    }

    /** The service answers the requests it held, and every request from now on. */
    static void release(String service) {
        given().baseUri(base()).post("/" + service + "/release").then().statusCode(200);
    }

    /** The next {@code count} requests to the service lose their connection before any answer. */
    static void drop(String service, int count) {
        given().baseUri(base()).queryParam("count", count).post("/" + service + "/drop").then().statusCode(200);
    }

    /** The stub serves version {@code version} of its API document from now on. */
    static void document(String service, int version) {
        given().baseUri(base()).queryParam("version", version).post("/" + service + "/document").then().statusCode(200);
    }

    /** The service answers every request 503: {@code "bare"} (plain text, as while shutting down), {@code "problem"}, or null (normally again). */
    static void unavailable(String service, String as) {
        var request = given().baseUri(base());
        if (as != null) {
            request = request.queryParam("as", as);
        }
        request.post("/" + service + "/unavailable").then().statusCode(200);
    }

    static JsonPath stats(String service) {
        return given().baseUri(base()).get("/" + service + "/stats").then().statusCode(200).extract().jsonPath();
    }

    static int requests(String service) {
        return stats(service).getInt("requests");
    }

    /** Requests whose body reached the service complete. */
    static int bodies(String service) {
        return stats(service).getInt("bodies");
    }
}

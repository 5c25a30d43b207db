package com.example.shop.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.e2e.client.ApiClient;
import com.example.shop.e2e.client.ApiException;
import com.example.shop.e2e.client.api.ProductTypesApi;
import com.example.shop.e2e.client.model.ProductType;
import com.example.shop.testsupport.PublishedSchema;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the tour's check ({@link DocumentedAnswers}) catches, with the merged document and the
 * client generated from it, in front of a stand-in gateway that answers what the test gives it: the
 * answers the real platform must never send (the live run is the tour in
 * {@link StorefrontAndAdminStoriesTest}). The document is read closed, as there: a member it does
 * not declare is a disagreement. The generated client itself reads a null where the document says
 * integer, or a member it does not know, without a word: that is why the check exists.
 */
class DocumentedAnswersTest {

    private static final Path DOCUMENT = Path.of(System.getProperty("api.document", "target/openapi/shop-api.json"));

    private static HttpServer gateway;
    private static PublishedSchema document;
    /** The next answer of the stand-in gateway: status, content type, body. */
    private static volatile String[] answer;

    private DocumentedAnswers answers;
    private ProductTypesApi productTypes;

    @BeforeAll
    static void standInGateway() throws IOException {
        document = PublishedSchema.of(Files.readString(DOCUMENT)).closed();
        gateway = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        gateway.createContext("/", exchange -> {
            byte[] body = answer[2].getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", answer[1]);
            exchange.sendResponseHeaders(Integer.parseInt(answer[0]), body.length == 0 ? -1 : body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        gateway.start();
    }

    @AfterAll
    static void stop() {
        gateway.stop(0);
    }

    private static String standInUrl() {
        return "http://127.0.0.1:" + gateway.getAddress().getPort();
    }

    @BeforeEach
    void aCheckedClient() {
        answers = new DocumentedAnswers(document);
        productTypes = new ProductTypesApi(answers.client(standInUrl()));
    }

    @Test
    void anAnswerAsDocumentedPassesAndTheClientReadsIt() throws Exception {
        answer = new String[] {"200", "application/json", "{\"name\": \"Audio Album\", \"attributes\": [], \"max_per_cart\": 4}"};
        ProductType type = productTypes.getProductType("Audio Album", null);
        assertEquals(4, type.getMaxPerCart(), "the client reads the answer the check read first");
        answers.assertEveryAnswerDocumented();
        assertEquals(List.of("GET /api/product-types/{name}"), answers.operations());
    }

    @Test
    void aNullWhereTheDocumentSaysIntegerIsADisagreementThoughTheClientReadsIt() throws Exception {
        answer = new String[] {"200", "application/json", "{\"name\": \"Audio Album\", \"attributes\": [], \"max_per_cart\": null}"};
        assertEquals(null, productTypes.getProductType("Audio Album", null).getMaxPerCart());
        assertDisagreement("GET /api/product-types/{name} 200", "max_per_cart");
    }

    @Test
    void aMemberTheDocumentDoesNotDeclareIsADisagreement() throws Exception {
        answer = new String[] {"200", "application/json", "{\"name\": \"Audio Album\", \"attributes\": [], \"colour\": \"red\"}"};
        assertEquals("Audio Album", productTypes.getProductType("Audio Album", null).getName());
        assertDisagreement("GET /api/product-types/{name} 200", "colour");
    }

    @Test
    void aProblemMayCarryTheMembersOfItsKind() throws Exception {
        answer = new String[] {"404", "application/problem+json", "{\"type\": \"https://problems.shop.example/not-found\", "
            + "\"title\": \"Not found\", \"status\": 404, \"name\": \"Nothing\"}"};
        assertEquals(404, assertThrows(ApiException.class, () -> productTypes.getProductType("Nothing", null)).getCode());
        answers.assertEveryAnswerDocumented();
    }

    @Test
    void aProblemIsHeldToTheProblemSchema() {
        answer = new String[] {"404", "application/problem+json", "{\"type\": \"https://problems.shop.example/not-found\", \"status\": 404}"};
        assertEquals(404, assertThrows(ApiException.class, () -> productTypes.getProductType("Nothing", null)).getCode());
        assertDisagreement("GET /api/product-types/{name} 404", "title");
    }

    @Test
    void aStatusTheDocumentDoesNotGiveIsADisagreement() {
        answer = new String[] {"418", "application/problem+json",
            "{\"type\": \"https://problems.shop.example/teapot\", \"title\": \"A teapot\", \"status\": 418}"};
        assertEquals(418, assertThrows(ApiException.class, () -> productTypes.getProductType("Earl Grey", null)).getCode());
        assertDisagreement("GET /api/product-types/{name} 418", "does not give");
    }

    @Test
    void anAnswerThatEscapedTheCheckIsADisagreement() throws Exception {
        answer = new String[] {"200", "application/json", "[]"};
        // a client that counts its requests for the check but reads its answers around it
        ApiClient around = new ApiClient();
        around.updateBaseUri(standInUrl());
        around.setRequestInterceptor(request -> answers.sent(request.copy().build()));
        new ProductTypesApi(around).listProductTypes(null);
        assertDisagreement("GET /api/product-types", "not validated");
    }

    private void assertDisagreement(String where, String naming) {
        AssertionError failed = assertThrows(AssertionError.class, answers::assertEveryAnswerDocumented);
        assertTrue(failed.getMessage().contains(where) && failed.getMessage().contains(naming), failed.getMessage());
    }
}

package com.example.shop.e2e;

import com.example.shop.e2e.client.ApiClient;
import com.example.shop.testsupport.PublishedSchema;
import io.restassured.filter.Filter;
import io.restassured.response.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every answer a client receives, held to the merged API document the gateway serves: each answer
 * is validated against the schema the document gives its operation (method and path template),
 * status and media type, with test-support's {@link PublishedSchema}. A strict client generated
 * from the document (the storefront tour's) reads every answer that passes; an answer the document
 * does not describe (an operation or status it does not give, a body where it gives none) is a
 * disagreement too.
 *
 * <p>Two ways in: the generated client's ({@link #client}), whose own request hook counts what it
 * sent and whose HTTP layer ({@link CheckedHttpClient}) hands over what came back, so that a
 * request whose answer escaped the check is a disagreement as well; and RestAssured's
 * ({@link #filterOf}), for the stories that call the API by hand.
 */
final class DocumentedAnswers {

    private final PublishedSchema document;
    /** The operation of each request sent, of each answer validated. */
    private final List<String> sent = new ArrayList<>();
    private final List<String> validated = new ArrayList<>();
    /** How many answers of each operation and status were validated. */
    private final Map<String, Integer> answered = new TreeMap<>();
    private final List<String> disagreements = new ArrayList<>();

    DocumentedAnswers(PublishedSchema document) {
        this.document = document;
    }

    /**
     * The generated client on {@code baseUri}, every answer of it checked here before its caller
     * reads it: its HTTP client is wrapped in a {@link CheckedHttpClient}, and its request hook
     * counts what it sends.
     */
    ApiClient client(String baseUri) {
        ApiClient client = new ApiClient() {
            @Override
            public HttpClient getHttpClient() {
                return new CheckedHttpClient(super.getHttpClient(), DocumentedAnswers.this);
            }
        };
        client.updateBaseUri(baseUri);
        client.setRequestInterceptor(request -> sent(request.copy().build()));
        return client;
    }

    /**
     * A RestAssured filter holding to the document every answer of the API that the gateway at
     * {@code gatewayUrl} gives: its paths under {@code /api/}, but for the documentation pages
     * under {@code /api/docs} (Swagger UI and each service's own document, not operations of the
     * API). HEAD is left out: it is GET without a body (RFC 9110), which the document describes,
     * and a client generated from the document never sends one.
     */
    Filter filterOf(String gatewayUrl) {
        int gatewayPort = URI.create(gatewayUrl).getPort();
        return (request, response, context) -> {
            Response answer = context.next(request, response);
            URI uri = URI.create(request.getURI());
            String path = uri.getRawPath();
            boolean api = uri.getPort() == gatewayPort && path.startsWith("/api/")
                    && !path.equals("/api/docs") && !path.startsWith("/api/docs/");
            if (api && !request.getMethod().equals("HEAD")) {
                received(request.getMethod(), uri, answer.statusCode(), answer.contentType(), answer.asString());
            }
            return answer;
        };
    }

    /** For a client's request hook: a request about to be sent. */
    synchronized void sent(HttpRequest request) {
        sent.add(operationOf(request.method(), request.uri()));
    }

    /** An answer as received, validated against the document's schema for it. */
    synchronized void received(String method, URI uri, int status, String contentType, String body) {
        String operation = operationOf(method, uri);
        validated.add(operation);
        answered.merge(operation + " " + status, 1, Integer::sum);
        List<String> found = document.pathTemplateOf(method, uri.getRawPath())
                .map(template -> document.disagreements(method, template, status, contentType, body))
                .orElse(List.of(operation + ": no operation of the document answers this path"));
        if (!found.isEmpty()) {
            disagreements.addAll(found);
            disagreements.add("  the answer: " + status + " " + contentType + " " + body);
        }
    }

    /** The operations answered, each once. */
    synchronized List<String> operations() {
        return validated.stream().distinct().sorted().toList();
    }

    /**
     * Prints what was validated, and fails naming every disagreement and every request whose answer
     * was not validated, unless there is none.
     */
    synchronized void assertEveryAnswerDocumented() {
        System.out.println("Held " + validated.size() + " answers of " + operations().size()
                + " operations to the API document (operation, status: answers):");
        answered.forEach((answer, times) -> System.out.println("  " + answer + ": " + times));
        List<String> found = new ArrayList<>(disagreements);
        List<String> unchecked = new ArrayList<>(sent);
        validated.forEach(unchecked::remove);
        unchecked.forEach(request -> found.add(request + ": sent, but its answer was not validated"));
        if (validated.isEmpty()) {
            found.add("no answer was held to the document");
        }
        if (!found.isEmpty()) {
            throw new AssertionError("Answers and the API document disagree:\n  " + String.join("\n  ", found));
        }
        System.out.println("0 disagreements");
    }

    /** {@code METHOD /path/{template}}, or {@code METHOD /raw/path} where no operation of the document matches. */
    private String operationOf(String method, URI uri) {
        return method + " " + document.pathTemplateOf(method, uri.getRawPath()).orElse(uri.getRawPath());
    }
}

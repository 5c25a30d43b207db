package com.example.shop.e2e;

import com.example.shop.e2e.client.ApiClient;
import com.example.shop.testsupport.PublishedSchema;
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
 * <p>The client's own request hook ({@link #sent}) counts what it sent and its HTTP layer
 * ({@link CheckedHttpClient}) what came back, so that a request whose answer escaped the check is
 * a disagreement as well.
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
        if (sent.isEmpty()) {
            found.add("no request went through the checked client");
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

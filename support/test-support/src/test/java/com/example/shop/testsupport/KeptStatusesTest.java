package com.example.shop.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@link PublishedSchema#lostStatuses} catches: a recorded status or operation gone from the
 * document, a problem answer without its problem body, an operation the record does not know.
 */
class KeptStatusesTest {

    private static final String PROBLEM = """
            "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}""";

    private static final PublishedSchema DOCUMENT = PublishedSchema.of("""
            {"openapi": "3.1.0",
             "paths": {"/carts": {"post": {"responses": {
                           "201": {"description": "Created"},
                           "400": {"description": "Invalid body", %1$s},
                           "413": {"description": "Too large", %1$s},
                           "503": {"description": "More than the record says", %1$s}}}},
                       "/carts/{id}": {"get": {"responses": {
                           "200": {"description": "The cart"},
                           "404": {"description": "No such cart", %1$s}}}}}}
            """.formatted(PROBLEM));

    @Test
    void aDocumentThatKeepsTheRecordLosesNothing() {
        assertEquals(List.of(), DOCUMENT.lostStatuses(List.of("# a comment", "", "POST /carts 201 400 413",
                "GET  /carts/{id}  200 404")));
        DOCUMENT.assertKeepsStatuses("/kept-statuses-example.txt");
    }

    @Test
    void aStatusNoLongerDocumentedIsALoss() {
        List<String> lost = DOCUMENT.lostStatuses(List.of("POST /carts 201 400 401 403 413", "GET /carts/{id} 200 404"));
        assertEquals(List.of("POST /carts: 401 no longer documented", "POST /carts: 403 no longer documented"), lost);
    }

    @Test
    void aProblemAnswerWithoutTheProblemBodyIsALoss() {
        PublishedSchema bare = PublishedSchema.of("""
                {"paths": {"/carts/{id}": {"get": {"responses": {"200": {}, "404": {"description": "No such cart"}}}}}}""");
        assertEquals(List.of("GET /carts/{id}: 404 without the application/problem+json body"),
                bare.lostStatuses(List.of("GET /carts/{id} 200 404")));
    }

    @Test
    void anOperationGoneOrNotRecordedIsALoss() {
        List<String> lost = DOCUMENT.lostStatuses(List.of("POST /carts 201 400 413", "DELETE /carts/{id} 204"));
        assertEquals(List.of("DELETE /carts/{id}: no longer in the document",
                "GET /carts/{id}: not in the record (add it with the statuses it documents)"), lost);
    }

    @Test
    void theAssertionNamesEachLoss() {
        AssertionError failure = assertThrows(AssertionError.class, () -> PublishedSchema.of("""
                {"paths": {"/carts": {"post": {"responses": {"201": {}}}}}}""").assertKeepsStatuses("/kept-statuses-example.txt"));
        assertTrue(failure.getMessage().contains("POST /carts: 400 no longer documented"), failure.getMessage());
        assertTrue(failure.getMessage().contains("GET /carts/{id}: no longer in the document"), failure.getMessage());
    }
}

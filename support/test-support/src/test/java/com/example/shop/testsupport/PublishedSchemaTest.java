package com.example.shop.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What {@link PublishedSchema} catches: the drifts a validating proxy found in front of the gateway
 * (a null where the document says string or integer), through a {@code $ref} to the components, as a
 * strict generated client would fail on them; an answer the document does not describe at all; and
 * the operation a requested path is an answer of.
 */
class PublishedSchemaTest {

    private static final PublishedSchema DOCUMENT = PublishedSchema.of("""
            {"openapi": "3.1.0",
             "paths": {"/carts": {"post": {"responses": {"201": {"content": {"application/json": {
                 "schema": {"$ref": "#/components/schemas/CartView"}}}}}}},
                       "/carts/{id}": {"get": {"responses": {"304": {"description": "Not modified"},
                           "503": {"$ref": "#/components/responses/Unavailable"}}}},
                       "/carts/mine": {"get": {"responses": {"200": {"description": "Mine"}}}},
                       "/pages": {"get": {"responses": {"200": {"content": {"application/json": {
                 "schema": {"$ref": "#/components/schemas/Page"}}}}}}}},
             "components": {"responses": {"Unavailable": {"description": "Unavailable", "content": {
                 "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}},
                 "schemas": {
                 "Problem": {"type": "object", "required": ["type", "title", "status"],
                     "properties": {"type": {"type": "string"}}, "additionalProperties": true},
                 "CartView": {"type": "object", "required": ["id"], "properties": {
                     "id": {"type": "string"}, "currency": {"type": "string"},
                     "max_per_cart": {"type": "integer", "format": "int32"}}},
                 "Page": {"type": "object", "required": ["next"], "properties": {
                     "next": {"type": ["string", "null"]}}}}}}
            """);

    @Test
    void anAnswerThatKeepsTheDocumentHasNoDisagreement() {
        assertEquals(List.of(), DOCUMENT.disagreements("POST", "/carts", 201, "application/json",
                "{\"id\": \"c1\", \"currency\": \"USD\", \"max_per_cart\": 4, \"more\": true}"));
        assertEquals(List.of(), DOCUMENT.disagreements("POST", "/carts", 201, "application/json", "{\"id\": \"c1\"}"));
        assertEquals(List.of(), DOCUMENT.disagreements("GET", "/pages", 200, "application/json; charset=UTF-8",
                "{\"next\": null}"));
    }

    @Test
    void aNullWhereTheDocumentSaysStringOrIntegerIsOne() {
        List<String> found = DOCUMENT.disagreements("POST", "/carts", 201, "application/json",
                "{\"id\": \"c1\", \"currency\": null, \"max_per_cart\": null}");
        assertEquals(2, found.size(), found.toString());
        assertTrue(found.stream().anyMatch(m -> m.contains("currency")), found.toString());
        assertTrue(found.stream().anyMatch(m -> m.contains("max_per_cart")), found.toString());
    }

    @Test
    void aMissingRequiredMemberIsOne() {
        List<String> found = DOCUMENT.disagreements("GET", "/pages", 200, "application/json", "{}");
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).contains("next"), found.toString());
    }

    @Test
    void anAnswerTheDocumentDoesNotDescribeIsOne() {
        assertDisagrees(DOCUMENT.disagreements("POST", "/carts", 404, "application/json", "{}"), "does not give");
        assertDisagrees(DOCUMENT.disagreements("GET", "/carts", 200, "application/json", "{}"), "no such operation");
        assertDisagrees(DOCUMENT.disagreements("POST", "/carts", 201, "text/plain", "c1"), "text/plain");
        assertDisagrees(DOCUMENT.disagreements("POST", "/carts", 201, "application/json", ""), "no body");
        assertDisagrees(DOCUMENT.disagreements("GET", "/carts/{id}", 304, null, "{}"), "a body where the document gives none");
    }

    @Test
    void anAnswerWithoutBodyWhereTheDocumentGivesNoneConforms() {
        assertEquals(List.of(), DOCUMENT.disagreements("GET", "/carts/{id}", 304, null, ""));
    }

    @Test
    void aResponseGivenByReferenceIsFollowed() {
        assertEquals(List.of(), DOCUMENT.disagreements("GET", "/carts/{id}", 503, "application/problem+json",
                "{\"type\": \"https://problems.shop.example/service-unavailable\", \"title\": \"Unavailable\", \"status\": 503}"));
        assertDisagrees(DOCUMENT.disagreements("GET", "/carts/{id}", 503, "application/problem+json",
                "{\"type\": \"https://problems.shop.example/service-unavailable\", \"status\": 503}"), "title");
    }

    @Test
    void aRequestedPathFindsItsTemplateLiteralSegmentsFirst() {
        assertEquals(Optional.of("/carts/{id}"), DOCUMENT.pathTemplateOf("GET", "/carts/c1"));
        assertEquals(Optional.of("/carts/mine"), DOCUMENT.pathTemplateOf("GET", "/carts/mine"));
        assertEquals(Optional.of("/carts"), DOCUMENT.pathTemplateOf("POST", "/carts"));
        assertEquals(Optional.empty(), DOCUMENT.pathTemplateOf("GET", "/carts/c1/items"));
        assertEquals(Optional.empty(), DOCUMENT.pathTemplateOf("GET", "/carts/"));
        assertEquals(Optional.empty(), DOCUMENT.pathTemplateOf("DELETE", "/carts/c1"));
    }

    @Test
    void readClosedAnUndeclaredMemberIsOne() {
        String answer = "{\"id\": \"c1\", \"currency\": \"USD\", \"undeclared\": true}";
        assertEquals(List.of(), DOCUMENT.disagreements("POST", "/carts", 201, "application/json", answer));
        assertDisagrees(DOCUMENT.closed().disagreements("POST", "/carts", 201, "application/json", answer), "undeclared");
        // a schema open on purpose stays open
        assertEquals(List.of(), DOCUMENT.closed().disagreements("GET", "/carts/{id}", 503, "application/problem+json",
                "{\"type\": \"https://problems.shop.example/service-unavailable\", \"title\": \"Unavailable\", \"status\": 503, "
                        + "\"service\": \"cart\"}"));
    }

    private static void assertDisagrees(List<String> found, String saying) {
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).contains(saying), found.toString());
    }
}

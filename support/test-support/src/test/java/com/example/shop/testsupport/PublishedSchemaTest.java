package com.example.shop.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@link PublishedSchema} catches: the drifts a validating proxy found in front of the gateway
 * (a null where the document says string or integer), through a {@code $ref} to the components, as a
 * strict generated client would fail on them.
 */
class PublishedSchemaTest {

    private static final PublishedSchema DOCUMENT = PublishedSchema.of("""
            {"openapi": "3.1.0",
             "paths": {"/carts": {"post": {"responses": {"201": {"content": {"application/json": {
                 "schema": {"$ref": "#/components/schemas/CartView"}}}}}}},
                       "/pages": {"get": {"responses": {"200": {"content": {"application/json": {
                 "schema": {"$ref": "#/components/schemas/Page"}}}}}}}},
             "components": {"schemas": {
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
    void anAnswerTheDocumentDoesNotDescribeFails() {
        assertThrows(AssertionError.class, () -> DOCUMENT.disagreements("POST", "/carts", 404, "application/json", "{}"));
        assertThrows(AssertionError.class, () -> DOCUMENT.disagreements("GET", "/carts", 200, "application/json", "{}"));
    }
}

package com.example.shop.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/**
 * A service's published API document ({@code /q/openapi}, the one the gateway merges into its own)
 * held against the service's real answers: an answer is validated against the schema the document
 * gives for its operation, status and content type, with the document's components for the
 * {@code $ref}s. An OpenAPI 3.1 schema is JSON Schema 2020-12, so a strict client generated from
 * the document (non-null types where it says {@code string}) reads every answer that passes.
 */
public final class PublishedSchema {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchemaFactory SCHEMAS = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    private final JsonNode document;

    private PublishedSchema(JsonNode document) {
        this.document = document;
    }

    /** The document of the service under test, as it publishes it. */
    public static PublishedSchema ofTheServiceUnderTest() {
        return of(RestAssured.given().queryParam("format", "json").when().get("/q/openapi")
                .then().statusCode(200).extract().asString());
    }

    /** A document given as JSON. */
    public static PublishedSchema of(String documentJson) {
        try {
            return new PublishedSchema(JSON.readTree(documentJson));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What the answer to {@code method pathTemplate} (as the document names the path, e.g.
     * {@code /categories/{slug}/children}) does that the document does not allow; empty when it conforms.
     */
    public List<String> disagreements(String method, String pathTemplate, Response answer) {
        return disagreements(method, pathTemplate, answer.statusCode(), answer.contentType(), answer.asString());
    }

    /** The same for an answer given by its status, content type and body. */
    public List<String> disagreements(String method, String pathTemplate, int status, String contentType, String body) {
        JsonNode schema = schemaOf(method, pathTemplate, status, contentType);
        ObjectNode withComponents = JSON.createObjectNode();
        withComponents.setAll((ObjectNode) schema.deepCopy());
        withComponents.set("components", document.path("components"));
        JsonSchema validator = SCHEMAS.getSchema(withComponents);
        try {
            return validator.validate(JSON.readTree(body)).stream().map(ValidationMessage::getMessage).sorted().toList();
        } catch (IOException e) {
            return List.of("not JSON: " + e.getMessage());
        }
    }

    /** Fails, naming every disagreement and showing the answer, unless the answer conforms. */
    public void assertConforms(String method, String pathTemplate, Response answer) {
        List<String> disagreements = disagreements(method, pathTemplate, answer);
        if (!disagreements.isEmpty()) {
            throw new AssertionError(method + " " + pathTemplate + " " + answer.statusCode() + " disagrees with the published "
                    + "document: " + disagreements + "\nanswer: " + answer.asString());
        }
    }

    private JsonNode schemaOf(String method, String pathTemplate, int status, String contentType) {
        JsonNode operation = document.path("paths").path(pathTemplate).path(method.toLowerCase(Locale.ROOT));
        if (operation.isMissingNode()) {
            throw new AssertionError("The published document has no operation " + method + " " + pathTemplate);
        }
        JsonNode response = operation.path("responses").path(String.valueOf(status));
        if (response.isMissingNode()) {
            throw new AssertionError("The published document gives no answer " + status + " for " + method + " " + pathTemplate);
        }
        String mediaType = contentType == null || contentType.isEmpty() ? "application/json"
                : contentType.split(";")[0].strip();
        JsonNode schema = response.path("content").path(mediaType).path("schema");
        if (!schema.isObject()) {
            throw new AssertionError("The published document gives no " + mediaType + " schema for " + status + " of "
                    + method + " " + pathTemplate);
        }
        return schema;
    }
}

package com.example.shop.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A service's published API document ({@code /q/openapi}, the one the gateway merges into its own)
 * held against the service's real answers: an answer is validated against the schema the document
 * gives for its operation, status and content type, with the document's components for the
 * {@code $ref}s. An OpenAPI 3.1 schema is JSON Schema 2020-12, so a strict client generated from
 * the document (non-null types where it says {@code string}) reads every answer that passes.
 *
 * <p>The same holds the whole platform to the merged document the gateway serves, read
 * {@link #closed}: e2e-tests' storefront tour and stories find each answer's operation with
 * {@link #pathTemplateOf} and validate it here.
 *
 * <p>It also holds the document to a record of the statuses each operation documents
 * ({@link #assertKeepsStatuses}), so that moving an answer from a resource's annotations into a
 * shared place (web-support's OpenAPI filter) cannot lose one unseen.
 */
public final class PublishedSchema {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchemaFactory SCHEMAS = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    private static final String PROBLEM_MEDIA_TYPE = "application/problem+json";
    private static final String PROBLEM_REF = "#/components/schemas/Problem";
    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

    private final JsonNode document;
    /** The validators built so far, by operation, status and media type: one document holds many answers. */
    private final Map<String, JsonSchema> validators = new ConcurrentHashMap<>();

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
     * The same document read as a strict client reads it: every object schema that declares its
     * members and says nothing of others refuses a member it does not declare
     * ({@code additionalProperties: false}), so that an answer carrying an undocumented member
     * disagrees. A schema that allows other members on purpose (the {@code Problem}: each kind adds
     * its own) keeps its word.
     */
    public PublishedSchema closed() {
        ObjectNode copy = document.deepCopy();
        copy.path("components").path("schemas").forEach(PublishedSchema::close);
        List<JsonNode> responses = new ArrayList<>();
        copy.path("components").path("responses").forEach(responses::add);
        copy.path("paths").forEach(path -> path.forEach(operation -> operation.path("responses").forEach(responses::add)));
        responses.forEach(response -> response.path("content").forEach(media -> close(media.path("schema"))));
        return new PublishedSchema(copy);
    }

    private static void close(JsonNode schema) {
        if (!schema.isObject()) {
            return;
        }
        if (schema.path("properties").isObject() && !schema.has("additionalProperties")) {
            ((ObjectNode) schema).put("additionalProperties", false);
        }
        schema.path("properties").forEach(PublishedSchema::close);
        close(schema.path("items"));
        close(schema.path("additionalProperties"));
        for (String composition : List.of("allOf", "anyOf", "oneOf")) {
            schema.path(composition).forEach(PublishedSchema::close);
        }
    }

    /**
     * What the answer to {@code method pathTemplate} (as the document names the path, e.g.
     * {@code /categories/{slug}/children}) does that the document does not allow; empty when it conforms.
     */
    public List<String> disagreements(String method, String pathTemplate, Response answer) {
        return disagreements(method, pathTemplate, answer.statusCode(), answer.contentType(), answer.asString());
    }

    /**
     * The same for an answer given by its status, content type and body. A status the operation does
     * not document, a media type it gives no schema for, a body where it documents none (or none where
     * it documents one) is a disagreement too: a strict client has nothing to read such an answer with.
     * A response given by {@code $ref} (the gateway's own 502, 503 and 504 in the merged document) is
     * followed; a body of a media type that is not JSON (NDJSON, YAML) is only held to being declared.
     */
    public List<String> disagreements(String method, String pathTemplate, int status, String contentType, String body) {
        String where = method + " " + pathTemplate + " " + status;
        JsonNode operation = document.path("paths").path(pathTemplate).path(method.toLowerCase(Locale.ROOT));
        if (operation.isMissingNode()) {
            return List.of(method + " " + pathTemplate + ": no such operation in the document");
        }
        JsonNode response = resolved(operation.path("responses").path(String.valueOf(status)));
        if (response.isMissingNode()) {
            return List.of(where + ": a status the document does not give (it gives "
                    + fieldNames(operation.path("responses")) + ")");
        }
        boolean empty = body == null || body.isEmpty();
        JsonNode content = response.path("content");
        if (content.isMissingNode() || content.isEmpty()) {
            return empty ? List.of() : List.of(where + ": a body where the document gives none");
        }
        if (empty) {
            return List.of(where + ": no body where the document gives one of " + fieldNames(content));
        }
        String mediaType = contentType == null || contentType.isEmpty() ? "application/json"
                : contentType.split(";")[0].strip().toLowerCase(Locale.ROOT);
        JsonNode schema = content.path(mediaType).path("schema");
        if (!schema.isObject()) {
            return List.of(where + ": a " + mediaType + " body where the document gives " + fieldNames(content));
        }
        if (!mediaType.endsWith("/json") && !mediaType.endsWith("+json")) {
            return List.of();
        }
        JsonSchema validator = validators.computeIfAbsent(where + " " + mediaType, key -> validatorOf(schema));
        try {
            return validator.validate(JSON.readTree(body)).stream()
                    .map(message -> where + ": " + message.getMessage()).sorted().toList();
        } catch (IOException e) {
            return List.of(where + ": not JSON: " + e.getMessage());
        }
    }

    /**
     * The path template of the document under which {@code method} answers {@code path} (a path as
     * requested, e.g. {@code /api/carts/c1/items}, without its query), if there is one. Where several
     * match, the one with literal segments first wins, as with JAX-RS: {@code /api/admin/inventory/overview}
     * over {@code /api/admin/inventory/{sku}}.
     */
    public Optional<String> pathTemplateOf(String method, String path) {
        String[] segments = path.split("/", -1);
        String best = null;
        String bestRank = null;
        Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields();
        while (paths.hasNext()) {
            Map.Entry<String, JsonNode> candidate = paths.next();
            if (!candidate.getValue().has(method.toLowerCase(Locale.ROOT))) {
                continue;
            }
            String[] template = candidate.getKey().split("/", -1);
            if (template.length != segments.length) {
                continue;
            }
            StringBuilder rank = new StringBuilder();
            for (int i = 0; i < template.length && rank != null; i++) {
                boolean parameter = template[i].startsWith("{") && template[i].endsWith("}") && !segments[i].isEmpty();
                if (parameter) {
                    rank.append('0');
                } else if (template[i].equals(segments[i])) {
                    rank.append('1');
                } else {
                    rank = null;
                }
            }
            if (rank != null && (bestRank == null || rank.toString().compareTo(bestRank) > 0)) {
                best = candidate.getKey();
                bestRank = rank.toString();
            }
        }
        return Optional.ofNullable(best);
    }

    /** Fails, naming every disagreement and showing the answer, unless the answer conforms. */
    public void assertConforms(String method, String pathTemplate, Response answer) {
        List<String> disagreements = disagreements(method, pathTemplate, answer);
        if (!disagreements.isEmpty()) {
            throw new AssertionError(method + " " + pathTemplate + " " + answer.statusCode() + " disagrees with the published "
                    + "document: " + disagreements + "\nanswer: " + answer.asString());
        }
    }

    /**
     * What the document no longer says that {@code record} (the lines of a statuses record, see
     * {@link #assertKeepsStatuses}) says it does; empty when every recorded operation documents at
     * least its recorded statuses, each 4xx and 5xx with an {@code application/problem+json} body of
     * the {@code Problem} schema, and every operation of the document is in the record.
     */
    public List<String> lostStatuses(List<String> record) {
        List<String> lost = new ArrayList<>();
        Set<String> recorded = new LinkedHashSet<>();
        for (String line : record) {
            String entry = line.strip();
            if (entry.isEmpty() || entry.startsWith("#")) {
                continue;
            }
            String[] words = entry.split("\\s+");
            String method = words[0];
            String path = words[1];
            recorded.add(method + " " + path);
            JsonNode responses = document.path("paths").path(path).path(method.toLowerCase(Locale.ROOT)).path("responses");
            if (responses.isMissingNode()) {
                lost.add(method + " " + path + ": no longer in the document");
                continue;
            }
            for (int i = 2; i < words.length; i++) {
                JsonNode response = responses.path(words[i]);
                if (response.isMissingNode()) {
                    lost.add(method + " " + path + ": " + words[i] + " no longer documented");
                } else if (!words[i].startsWith("2") && !words[i].startsWith("3")
                        && !PROBLEM_REF.equals(response.path("content").path(PROBLEM_MEDIA_TYPE).path("schema").path("$ref").asText())) {
                    lost.add(method + " " + path + ": " + words[i] + " without the " + PROBLEM_MEDIA_TYPE + " body");
                }
            }
        }
        Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields();
        while (paths.hasNext()) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (String method : METHODS) {
                String operation = method.toUpperCase(Locale.ROOT) + " " + path.getKey();
                if (path.getValue().has(method) && !recorded.contains(operation)) {
                    lost.add(operation + ": not in the record (add it with the statuses it documents)");
                }
            }
        }
        return lost;
    }

    /**
     * Fails, naming each loss, unless the document keeps every status of the record at
     * {@code recordResource} on the class path: one line per operation, {@code METHOD /path status...}
     * ({@code #} starts a comment). The record is the floor, not the whole: an operation may
     * document more than it lists. A new operation is added to the record with its statuses.
     */
    public void assertKeepsStatuses(String recordResource) {
        List<String> lost = lostStatuses(recordLines(recordResource));
        if (!lost.isEmpty()) {
            throw new AssertionError("The published document lost what " + recordResource + " records:\n  "
                    + String.join("\n  ", lost));
        }
    }

    private static List<String> recordLines(String resource) {
        try (InputStream in = PublishedSchema.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new AssertionError("No record " + resource + " on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private JsonSchema validatorOf(JsonNode schema) {
        ObjectNode withComponents = JSON.createObjectNode();
        withComponents.setAll((ObjectNode) schema.deepCopy());
        withComponents.set("components", document.path("components"));
        return SCHEMAS.getSchema(withComponents);
    }

    /** A response object, or the one of the components its {@code $ref} names. */
    private JsonNode resolved(JsonNode response) {
        String ref = response.path("$ref").asText("");
        return ref.startsWith("#/") ? document.at(ref.substring(1)) : response;
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}

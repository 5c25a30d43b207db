package com.example.shop.publicapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The one OpenAPI 3.1 document of the platform, merged from the services' documents:
 * <ul>
 * <li><b>Paths as clients call them</b>: a service's {@code /products/{sku}} becomes
 * {@code /api/products/{sku}}, kept only when the gateway routes that public path to that
 * service ({@link Routes}); anything else a service documents is not reachable and is left out.</li>
 * <li><b>Components without name clashes</b>: a name that every document defining it defines
 * the same way is kept once. Otherwise the first definition in document order (gateway, catalog,
 * category, cart) keeps the name and each other distinct definition is renamed
 * {@code <Service><Name>} ({@code Page} of category: {@code CategoryPage}; then {@code CategoryPage2}, ... if that
 * is taken too); documents with
 * the same definition share one name, and every {@code $ref} (and security requirement) of a
 * document follows its renames. Two definitions that differ only by what their references point
 * to are told apart too: the renaming is repeated until nothing changes.</li>
 * <li><b>The edge's own answers</b> ({@link GatewayAnswer}): every operation may get the
 * gateway's 502, 503 and 504; an operation with a body its 413; an operation the gateway guards
 * (same rule as at the edge) the admin bearer requirement and the gateway's 401 and 403. What a
 * service documents for a status is kept; a gateway answer no operation refers to is left out.</li>
 * <li>Operation ids stay as the services chose them; one used by two services would get the
 * second service's name in front.</li>
 * </ul>
 * The result depends only on the documents' content, so the live merge of the gateway and the
 * merge of the build-time documents are equal when the services are.
 */
public final class ApiDocument {

    static final String GATEWAY = "gateway";
    private static final List<String> COMPONENT_TYPES = List.of("schemas", "responses", "parameters", "examples",
            "requestBodies", "headers", "securitySchemes", "links", "callbacks", "pathItems");
    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch", "trace");
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    private static final YAMLMapper YAML = new YAMLMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            // "1.0" or "200" written as a string stays a string when the YAML is read back.
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .build());

    private ApiDocument() {
    }

    /** Merges the services' documents, given by service name ({@link Routes#SERVICES}); every service is needed. */
    public static ObjectNode merge(Map<String, ? extends JsonNode> services) {
        Map<String, ObjectNode> sources = new LinkedHashMap<>();
        sources.put(GATEWAY, GatewayAnswers.fragment());
        for (String service : Routes.SERVICES) {
            JsonNode document = services.get(service);
            if (document == null || !document.isObject()) {
                throw new IllegalArgumentException("No OpenAPI document of the " + service + " service");
            }
            sources.put(service, ((ObjectNode) document).deepCopy());
        }
        Map<String, Map<String, Map<String, String>>> renames = componentNames(sources);
        sources.forEach((source, document) -> rewriteReferences(document, renames.get(source)));

        ObjectNode merged = JSON.createObjectNode();
        merged.put("openapi", "3.1.0");
        ObjectNode info = merged.putObject("info");
        info.put("title", "Shop API");
        info.put("version", "1.0.0");
        info.put("description", "The storefront and admin API of the shop platform, as served by its gateway under /api. "
                + "Errors are RFC 9457 problems (application/problem+json). Public reads carry ETag and Cache-Control "
                + "and answer If-None-Match with 304. Admin operations need a bearer JWT with 'admin' in groups.");
        info.putObject("contact").put("name", "Shop platform").put("url", "https://shop.example");
        ObjectNode server = merged.putArray("servers").addObject();
        server.put("url", "{scheme}://{host}").put("description", "The gateway");
        ObjectNode variables = server.putObject("variables");
        variables.putObject("scheme").put("default", "http").put("description", "http or https").putArray("enum").add("http").add("https");
        variables.putObject("host").put("default", "127.0.0.1:8080").put("description", "The gateway's host and port");
        merged.set("tags", tags(sources));
        ObjectNode paths = merged.putObject("paths");
        Set<String> operationIds = new HashSet<>();
        for (Map.Entry<String, ObjectNode> source : sources.entrySet()) {
            if (!source.getKey().equals(GATEWAY)) {
                addServicePaths(paths, source.getKey(), source.getValue(), operationIds);
            }
        }
        // The gateway's own path last: clients come for the services' operations first.
        sources.get(GATEWAY).path("paths").fields().forEachRemaining(path -> {
            paths.set(path.getKey(), path.getValue());
            path.getValue().forEach(operation -> operationIds.add(operation.path("operationId").asText()));
        });
        merged.set("components", components(sources, renames, references(paths)));
        return merged;
    }

    /** For each source and component type: old name to name in the merged document (only where they differ). */
    private static Map<String, Map<String, Map<String, String>>> componentNames(Map<String, ObjectNode> sources) {
        Map<String, Map<String, Map<String, String>>> renames = new HashMap<>();
        sources.keySet().forEach(source -> renames.put(source, new HashMap<>()));
        for (int round = 0; round < 20; round++) {
            Map<String, Map<String, Map<String, String>>> next = new HashMap<>();
            sources.keySet().forEach(source -> next.put(source, new HashMap<>()));
            for (String type : COMPONENT_TYPES) {
                Set<String> taken = new HashSet<>();
                sources.values().forEach(document -> document.path("components").path(type).fieldNames().forEachRemaining(taken::add));
                Map<String, Map<String, JsonNode>> byName = new TreeMap<>();
                sources.forEach((source, document) -> document.path("components").path(type).fields().forEachRemaining(entry ->
                        byName.computeIfAbsent(entry.getKey(), name -> new LinkedHashMap<>())
                                .put(source, rewritten(entry.getValue(), renames.get(source)))));
                for (Map.Entry<String, Map<String, JsonNode>> name : byName.entrySet()) {
                    List<JsonNode> variants = new ArrayList<>();
                    List<String> names = new ArrayList<>();
                    for (Map.Entry<String, JsonNode> definition : name.getValue().entrySet()) {
                        int known = variants.indexOf(definition.getValue());
                        String merged;
                        if (known >= 0) {
                            merged = names.get(known);
                        } else {
                            merged = variants.isEmpty() ? name.getKey() : free(capitalized(definition.getKey()) + capitalized(name.getKey()), taken);
                            taken.add(merged);
                            variants.add(definition.getValue());
                            names.add(merged);
                        }
                        if (!merged.equals(name.getKey())) {
                            next.get(definition.getKey()).computeIfAbsent(type, t -> new HashMap<>()).put(name.getKey(), merged);
                        }
                    }
                }
            }
            if (next.equals(renames)) {
                return renames;
            }
            renames.clear();
            renames.putAll(next);
        }
        throw new IllegalStateException("The component names of the documents do not settle");
    }

    private static String free(String wanted, Set<String> taken) {
        String name = wanted;
        for (int n = 2; taken.contains(name); n++) {
            name = wanted + n;
        }
        return name;
    }

    private static String capitalized(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    private static JsonNode rewritten(JsonNode node, Map<String, Map<String, String>> renames) {
        JsonNode copy = node.deepCopy();
        rewriteReferences(copy, renames);
        return copy;
    }

    /** Points {@code $ref}s and security requirements at the merged names. */
    private static void rewriteReferences(JsonNode node, Map<String, Map<String, String>> renames) {
        if (renames.isEmpty()) {
            return;
        }
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isTextual()) {
                object.set("$ref", TextNode.valueOf(renamedReference(ref.asText(), renames)));
            }
            JsonNode security = object.get("security");
            if (security != null && security.isArray()) {
                Map<String, String> schemes = renames.getOrDefault("securitySchemes", Map.of());
                for (JsonNode requirement : security) {
                    if (requirement.isObject()) {
                        renameKeys((ObjectNode) requirement, schemes);
                    }
                }
            }
            object.forEach(child -> rewriteReferences(child, renames));
        } else if (node.isArray()) {
            node.forEach(child -> rewriteReferences(child, renames));
        }
    }

    private static String renamedReference(String ref, Map<String, Map<String, String>> renames) {
        String[] parts = ref.split("/");
        if (parts.length == 4 && parts[0].equals("#") && parts[1].equals("components")) {
            String renamed = renames.getOrDefault(parts[2], Map.of()).get(parts[3]);
            if (renamed != null) {
                return "#/components/" + parts[2] + "/" + renamed;
            }
        }
        return ref;
    }

    private static void renameKeys(ObjectNode object, Map<String, String> names) {
        Map<String, JsonNode> entries = new LinkedHashMap<>();
        object.fields().forEachRemaining(entry -> entries.put(names.getOrDefault(entry.getKey(), entry.getKey()), entry.getValue()));
        object.removeAll();
        entries.forEach(object::set);
    }

    private static ArrayNode tags(Map<String, ObjectNode> sources) {
        Map<String, JsonNode> tags = new LinkedHashMap<>();
        for (String source : sources.keySet()) {
            if (!source.equals(GATEWAY)) {
                sources.get(source).path("tags").forEach(tag -> tags.putIfAbsent(tag.path("name").asText(), tag));
            }
        }
        sources.get(GATEWAY).path("tags").forEach(tag -> tags.putIfAbsent(tag.path("name").asText(), tag));
        ArrayNode array = JSON.createArrayNode();
        tags.values().forEach(array::add);
        return array;
    }

    private static void addServicePaths(ObjectNode paths, String service, ObjectNode document, Set<String> operationIds) {
        Iterator<Map.Entry<String, JsonNode>> entries = document.path("paths").fields();
        while (entries.hasNext()) {
            Map.Entry<String, JsonNode> entry = entries.next();
            String path = Routes.API + entry.getKey();
            Routes.Route route = Routes.find(path);
            if (route == null || !route.service().equals(service) || !entry.getValue().isObject()) {
                continue;
            }
            ObjectNode item = ((ObjectNode) entry.getValue()).deepCopy();
            for (String method : METHODS) {
                if (item.get(method) instanceof ObjectNode operation) {
                    addEdgeAnswers(operation, route.needsAdmin(method.toUpperCase()));
                    uniqueOperationId(operation, service, operationIds);
                }
            }
            paths.set(path, item);
        }
    }

    private static void addEdgeAnswers(ObjectNode operation, boolean admin) {
        ObjectNode responses = operation.with("responses");
        if (admin) {
            if (!operation.has("security")) {
                operation.putArray("security").addObject().putArray(GatewayAnswers.ADMIN_SCHEME);
            }
            GatewayAnswer.UNAUTHORIZED.referFrom(responses);
            GatewayAnswer.FORBIDDEN.referFrom(responses);
        }
        if (operation.has("requestBody")) {
            GatewayAnswer.PAYLOAD_TOO_LARGE.referFrom(responses);
        }
        GatewayAnswer.BAD_GATEWAY.referFrom(responses);
        GatewayAnswer.SERVICE_UNAVAILABLE.referFrom(responses);
        GatewayAnswer.TIMEOUT.referFrom(responses);
    }

    private static void uniqueOperationId(ObjectNode operation, String service, Set<String> operationIds) {
        JsonNode id = operation.get("operationId");
        if (id == null || !id.isTextual()) {
            return;
        }
        String unique = id.asText();
        if (operationIds.contains(unique)) {
            unique = free(service + Character.toUpperCase(unique.charAt(0)) + unique.substring(1), operationIds);
            operation.put("operationId", unique);
        }
        operationIds.add(unique);
    }

    /** Every {@code $ref} under a node. */
    private static Set<String> references(JsonNode node) {
        Set<String> refs = new HashSet<>();
        collectReferences(node, refs);
        return refs;
    }

    private static void collectReferences(JsonNode node, Set<String> refs) {
        if (node.isObject() && node.get("$ref") != null && node.get("$ref").isTextual()) {
            refs.add(node.get("$ref").asText());
        }
        if (node.isContainerNode()) {
            node.forEach(child -> collectReferences(child, refs));
        }
    }

    private static ObjectNode components(Map<String, ObjectNode> sources, Map<String, Map<String, Map<String, String>>> renames,
                                         Set<String> usedByPaths) {
        ObjectNode components = JSON.createObjectNode();
        for (String type : COMPONENT_TYPES) {
            Map<String, JsonNode> merged = new TreeMap<>();
            sources.forEach((source, document) -> document.path("components").path(type).fields().forEachRemaining(entry -> {
                String name = renames.get(source).getOrDefault(type, Map.of()).getOrDefault(entry.getKey(), entry.getKey());
                // The gateway's answers are offered to every operation; one that every service documents itself is not needed.
                boolean unusedGatewayAnswer = source.equals(GATEWAY) && type.equals("responses")
                        && !usedByPaths.contains("#/components/responses/" + name);
                if (!unusedGatewayAnswer) {
                    merged.putIfAbsent(name, entry.getValue());
                }
            }));
            if (!merged.isEmpty()) {
                ObjectNode named = components.putObject(type);
                merged.forEach(named::set);
            }
        }
        return components;
    }

    public static byte[] json(JsonNode document) {
        try {
            return JSON.writeValueAsBytes(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("An OpenAPI document could not be written as JSON", e);
        }
    }

    public static byte[] yaml(JsonNode document) {
        try {
            return YAML.writeValueAsBytes(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("An OpenAPI document could not be written as YAML", e);
        }
    }

    public static JsonNode parse(byte[] json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("Not a JSON document: " + e.getMessage(), e);
        }
    }
}

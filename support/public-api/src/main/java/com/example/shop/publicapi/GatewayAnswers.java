package com.example.shop.publicapi;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the gateway itself contributes to the API document: its own problem answers
 * ({@link GatewayAnswer}: 401, 403, 413, 502, 503, 504), the admin bearer scheme, the
 * {@code Problem} schema they use, and its own path ({@code /api/openapi}). Its {@code Problem}
 * and {@code adminBearer} are written like the services' (web-support's ProblemDocumentation,
 * quarkus.smallrye-openapi.security-scheme-*), so that the merge finds one of each; were they to
 * drift apart, the merge would keep both under distinct names rather than lose one.
 */
public final class GatewayAnswers {

    public static final String ADMIN_SCHEME = "adminBearer";
    public static final String PROBLEM = "Problem";
    static final String PROBLEM_MEDIA_TYPE = "application/problem+json";

    private static final JsonMapper JSON = new JsonMapper();

    private GatewayAnswers() {
    }

    /** The gateway's part of the document, in the shape of a service's document. */
    public static ObjectNode fragment() {
        ObjectNode document = JSON.createObjectNode();
        document.put("openapi", "3.1.0");
        document.putObject("info").put("title", "gateway").put("version", "1.0.0");
        ArrayNode tags = document.putArray("tags");
        tags.addObject().put("name", "api document").put("description", "This document");
        ObjectNode paths = document.putObject("paths");
        ObjectNode get = paths.putObject(Routes.OPENAPI).putObject("get");
        get.put("operationId", "getApiDocument")
                .put("summary", "This document: every operation of the platform as clients call it")
                .put("description", "JSON by default; YAML with ?format=yaml, or with an Accept header that names a YAML "
                        + "type (application/yaml, application/x-yaml, text/yaml) before any JSON type. Built from the "
                        + "services' live documents and rebuilt when they change.");
        get.putArray("tags").add("api document");
        ObjectNode format = get.putArray("parameters").addObject();
        format.put("name", "format").put("in", "query").put("description", "json (default) or yaml");
        format.putObject("schema").put("type", "string").putArray("enum").add("json").add("yaml");
        ObjectNode answers = get.putObject("responses");
        ObjectNode ok = answers.putObject("200").put("description", "The OpenAPI 3.1 document").putObject("content");
        ok.putObject("application/json").putObject("schema").put("type", "object");
        ok.putObject("application/yaml").putObject("schema").put("type", "string");
        answers.putObject("400").put("description", "format is neither json nor yaml")
                .putObject("content").putObject(PROBLEM_MEDIA_TYPE).putObject("schema")
                .put("$ref", "#/components/schemas/" + PROBLEM);

        ObjectNode components = document.putObject("components");
        components.putObject("schemas").set(PROBLEM, problemSchema());
        components.putObject("securitySchemes").putObject(ADMIN_SCHEME)
                .put("description", "A JWT (RS256) from the platform's issuer with 'admin' in groups")
                .put("type", "http").put("scheme", "bearer").put("bearerFormat", "JWT");
        ObjectNode responses = components.putObject("responses");
        for (GatewayAnswer answer : GatewayAnswer.values()) {
            answer.defineIn(responses);
        }
        return document;
    }

    /** The same schema as web-support's {@code ProblemDocumentation} writes into each service's document. */
    static ObjectNode problemSchema() {
        ObjectNode schema = JSON.createObjectNode();
        schema.put("type", "object");
        schema.put("description", "An RFC 9457 problem. Clients switch on 'type'; 'detail' is for humans. Kinds add "
                + "their own members (for example 'available' on insufficient-inventory, 'service' on the "
                + "gateway's own answers).");
        schema.putArray("required").add("type").add("title").add("status");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("type").put("type", "string").put("format", "uri")
                .put("description", "https://problems.shop.example/<kind>");
        properties.putObject("title").put("type", "string").put("description", "Stable per kind");
        properties.putObject("status").put("type", "integer").put("format", "int32").put("description", "The HTTP status");
        properties.putObject("detail").put("type", "string").put("description", "What went wrong, for humans");
        properties.putObject("instance").put("type", "string").put("description", "This occurrence, when given");
        properties.putObject("field").put("type", "string")
                .put("description", "The request field, query or path parameter or header at fault, when one is");
        schema.put("additionalProperties", true);
        return schema;
    }
}

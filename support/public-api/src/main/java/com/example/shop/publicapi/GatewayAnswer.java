package com.example.shop.publicapi;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A problem answer the gateway gives itself, whatever the service behind it documents: its status,
 * its name in {@code components.responses}, what it means and its problem type. The merge refers
 * to it from every operation that can get it ({@link ApiDocument}); {@link GatewayAnswers} writes
 * its definition.
 */
enum GatewayAnswer {

    UNAUTHORIZED(401, "GatewayUnauthorized",
            "No valid bearer token on an admin operation (checked by the gateway; WWW-Authenticate: Bearer)", "unauthorized"),
    FORBIDDEN(403, "GatewayForbidden", "A valid token without the admin role (checked by the gateway)", "forbidden"),
    PAYLOAD_TOO_LARGE(413, "GatewayPayloadTooLarge", "The request body is over the gateway's limit", "payload-too-large"),
    BAD_GATEWAY(502, "GatewayBadGateway", "The service broke off its answer ('service' names it)", "bad-gateway"),
    SERVICE_UNAVAILABLE(503, "GatewayServiceUnavailable",
            "The service cannot be reached ('service' names it); Retry-After says when to try again", "service-unavailable"),
    TIMEOUT(504, "GatewayTimeout", "The service did not answer within its timeout ('service' names it)", "upstream-timeout");

    private final String status;
    private final String component;
    private final String description;
    private final String kind;

    GatewayAnswer(int status, String component, String description, String kind) {
        this.status = Integer.toString(status);
        this.component = component;
        this.description = description;
        this.kind = kind;
    }

    /** Refers an operation's answer for this status to this response, unless the operation documents its own. */
    void referFrom(ObjectNode responses) {
        if (!responses.has(status)) {
            responses.putObject(status).put("$ref", "#/components/responses/" + component);
        }
    }

    /** Defines this response in {@code components.responses}: its meaning, its problem type and its body. */
    void defineIn(ObjectNode responses) {
        ObjectNode response = responses.putObject(component);
        response.put("description", description + ". Problem type https://problems.shop.example/" + kind + ".");
        response.putObject("content").putObject(GatewayAnswers.PROBLEM_MEDIA_TYPE).putObject("schema")
                .put("$ref", "#/components/schemas/" + GatewayAnswers.PROBLEM);
        if (this == SERVICE_UNAVAILABLE) {
            response.putObject("headers").putObject("Retry-After")
                    .put("description", "Seconds to wait before retrying").putObject("schema").put("type", "integer");
        }
    }
}

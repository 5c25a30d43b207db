package com.example.shop.web.openapi;

import com.example.shop.problems.Problem;
import com.example.shop.web.caching.IfMatch;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;

/**
 * Documents the problem vocabulary once for every service's OpenAPI document (registered with
 * {@code mp.openapi.filter}):
 * <ul>
 * <li>the {@code Problem} schema (RFC 9457 with this platform's {@code field} member);</li>
 * <li>the answers every operation of a kind gives, because web-support gives them the same way in
 * every service: a 400 to every operation (StrictQueryParameters refuses a query parameter the
 * operation does not take, StrictJson and Utf8Bodies a body that is not strict UTF-8 JSON), a 401
 * and a 403 to every operation that requires the admin bearer token (named by
 * {@link AdminTokenDocumentation} on every {@code @RolesAllowed} operation), a 413
 * to every operation with a request body (RequestBodyLimit), a 428 to every operation that requires
 * an {@code If-Match} header (IfMatch#requiredVersion);</li>
 * <li>for every 4xx/5xx answer an operation declares without a body, an
 * {@code application/problem+json} body of that schema.</li>
 * </ul>
 * An answer the operation declares itself wins: resources declare only the statuses particular to
 * them, and a common status only where they have more to say (a 400 naming what is malformed, a
 * 413 of the bulk imports' own limit).
 */
public class ProblemDocumentation implements OASFilter {

    public static final String SCHEMA = "Problem";
    /** The admin bearer scheme (quarkus.smallrye-openapi.security-scheme-name), named on every admin operation. */
    public static final String ADMIN_SCHEME = "adminBearer";
    private static final String REF = "#/components/schemas/" + SCHEMA;

    static final String BAD_REQUEST = "A malformed parameter, or a query parameter the operation does not take "
            + "or given twice (the problem names it)";
    static final String BAD_REQUEST_WITH_BODY = "Invalid body or parameter, or a query parameter the operation "
            + "does not take (the problem names the field)";
    static final String UNAUTHORIZED = "No valid token";
    static final String FORBIDDEN = "Token without the admin role";
    static final String PAYLOAD_TOO_LARGE = "Body over shop.http.max-body-size (1 MiB)";
    static final String PRECONDITION_REQUIRED = "If-Match is missing";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(OASFactory.createComponents());
        }
        Components components = openAPI.getComponents();
        components.addSchema(SCHEMA, problemSchema());
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        for (PathItem path : openAPI.getPaths().getPathItems().values()) {
            for (Operation operation : path.getOperations().values()) {
                addCommonAnswers(operation);
                for (Map.Entry<String, APIResponse> answer : operation.getResponses().getAPIResponses().entrySet()) {
                    if (isProblemStatus(answer.getKey()) && answer.getValue().getRef() == null) {
                        documentProblemBody(answer.getValue());
                    }
                }
            }
        }
    }

    private static void addCommonAnswers(Operation operation) {
        if (operation.getResponses() == null) {
            operation.setResponses(OASFactory.createAPIResponses());
        }
        APIResponses responses = operation.getResponses();
        boolean body = operation.getRequestBody() != null;
        addIfAbsent(responses, "400", body ? BAD_REQUEST_WITH_BODY : BAD_REQUEST);
        if (requiresIfMatch(operation)) {
            addIfAbsent(responses, "428", PRECONDITION_REQUIRED);
        }
        if (requiresAdmin(operation)) {
            addIfAbsent(responses, "401", UNAUTHORIZED);
            addIfAbsent(responses, "403", FORBIDDEN);
        }
        if (body) {
            addIfAbsent(responses, "413", PAYLOAD_TOO_LARGE);
        }
    }

    private static boolean requiresIfMatch(Operation operation) {
        List<Parameter> parameters = operation.getParameters();
        return parameters != null && parameters.stream().anyMatch(parameter -> parameter.getIn() == Parameter.In.HEADER
                && IfMatch.HEADER.equalsIgnoreCase(parameter.getName()) && Boolean.TRUE.equals(parameter.getRequired()));
    }

    private static boolean requiresAdmin(Operation operation) {
        List<SecurityRequirement> security = operation.getSecurity();
        return security != null && security.stream().anyMatch(requirement -> requirement.hasScheme(ADMIN_SCHEME));
    }

    private static void addIfAbsent(APIResponses responses, String status, String description) {
        if (!responses.hasAPIResponse(status)) {
            responses.addAPIResponse(status, OASFactory.createAPIResponse().description(description));
        }
    }

    private static boolean isProblemStatus(String code) {
        return code.length() == 3 && (code.charAt(0) == '4' || code.charAt(0) == '5');
    }

    private static void documentProblemBody(APIResponse response) {
        Content content = response.getContent();
        if (content == null || content.getMediaTypes() == null || content.getMediaTypes().isEmpty()) {
            response.setContent(OASFactory.createContent().addMediaType(Problem.MEDIA_TYPE,
                    OASFactory.createMediaType().schema(OASFactory.createSchema().ref(REF))));
            return;
        }
        for (MediaType media : content.getMediaTypes().values()) {
            if (media.getSchema() == null) {
                media.setSchema(OASFactory.createSchema().ref(REF));
            }
        }
    }

    /** What {@link Problem} writes: the RFC's members and any extension member of the problem's kind. */
    static Schema problemSchema() {
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.OBJECT))
                .description("An RFC 9457 problem. Clients switch on 'type'; 'detail' is for humans. Kinds add "
                        + "their own members (for example 'available' on insufficient-inventory, 'service' on the "
                        + "gateway's own answers).")
                .required(List.of("type", "title", "status"))
                .addProperty("type", string("uri", "https://problems.shop.example/<kind>"))
                .addProperty("title", string(null, "Stable per kind"))
                .addProperty("status", OASFactory.createSchema().type(List.of(Schema.SchemaType.INTEGER))
                        .format("int32").description("The HTTP status"))
                .addProperty("detail", string(null, "What went wrong, for humans"))
                .addProperty("instance", string(null, "This occurrence, when given"))
                .addProperty("field", string(null, "The request field, query or path parameter or header at fault, when one is"))
                .additionalPropertiesBoolean(Boolean.TRUE);
    }

    private static Schema string(String format, String description) {
        Schema schema = OASFactory.createSchema().type(List.of(Schema.SchemaType.STRING)).description(description);
        return format == null ? schema : schema.format(format);
    }
}

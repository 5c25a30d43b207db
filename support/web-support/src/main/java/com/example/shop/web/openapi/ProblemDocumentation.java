package com.example.shop.web.openapi;

import com.example.shop.problems.Problem;
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
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Documents the problem vocabulary once for every service's OpenAPI document (registered with
 * {@code mp.openapi.filter}): the {@code Problem} schema (RFC 9457 with this platform's {@code field}
 * member), and for every 4xx/5xx answer an operation declares without a body, an
 * {@code application/problem+json} body of that schema. Resources then declare only the status
 * and what it means for them.
 */
public class ProblemDocumentation implements OASFilter {

    public static final String SCHEMA = "Problem";
    private static final String REF = "#/components/schemas/" + SCHEMA;

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
                if (operation.getResponses() == null || operation.getResponses().getAPIResponses() == null) {
                    continue;
                }
                for (Map.Entry<String, APIResponse> answer : operation.getResponses().getAPIResponses().entrySet()) {
                    if (isProblemStatus(answer.getKey()) && answer.getValue().getRef() == null) {
                        documentProblemBody(answer.getValue());
                    }
                }
            }
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

package com.example.shop.web.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.junit.jupiter.api.Test;

/** The answers the filter adds, and what it leaves to the operation, on a document built by hand. */
class ProblemDocumentationTest {

    private static final String PROBLEM = "application/problem+json";

    @Test
    void aPublicReadGetsTheQueryParameters400Only() {
        Operation read = OASFactory.createOperation().responses(OASFactory.createAPIResponses()
                .addAPIResponse("200", OASFactory.createAPIResponse().description("The thing")));
        filter(read);

        assertEquals(Set.of("200", "400"), read.getResponses().getAPIResponses().keySet());
        assertProblem(read, "400", ProblemDocumentation.BAD_REQUEST);
        assertNull(read.getResponses().getAPIResponse("200").getContent(), "a success answer gets no problem body");
    }

    @Test
    void anAdminWriteWithABodyGetsItsFourCommonAnswers() {
        Operation write = adminWrite();
        filter(write);

        assertEquals(Set.of("201", "400", "401", "403", "409", "413"), write.getResponses().getAPIResponses().keySet());
        assertProblem(write, "400", ProblemDocumentation.BAD_REQUEST_WITH_BODY);
        assertProblem(write, "401", ProblemDocumentation.UNAUTHORIZED);
        assertProblem(write, "403", ProblemDocumentation.FORBIDDEN);
        assertProblem(write, "413", ProblemDocumentation.PAYLOAD_TOO_LARGE);
        assertProblem(write, "409", "Duplicate");
    }

    @Test
    void whatTheOperationDeclaresWins() {
        Operation write = adminWrite();
        write.getResponses()
                .addAPIResponse("400", OASFactory.createAPIResponse().description("Empty file"))
                .addAPIResponse("413", OASFactory.createAPIResponse().description("File over shop.bulk.max-body-size"));
        filter(write);

        assertProblem(write, "400", "Empty file");
        assertProblem(write, "413", "File over shop.bulk.max-body-size");
        assertProblem(write, "401", ProblemDocumentation.UNAUTHORIZED);
    }

    @Test
    void anotherSchemeIsNotTheAdminToken() {
        Operation internal = OASFactory.createOperation()
                .addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme("sharedSecret"))
                .responses(OASFactory.createAPIResponses()
                        .addAPIResponse("204", OASFactory.createAPIResponse().description("Recorded")));
        filter(internal);

        assertFalse(internal.getResponses().hasAPIResponse("401"));
        assertFalse(internal.getResponses().hasAPIResponse("403"));
        assertFalse(internal.getResponses().hasAPIResponse("413"), "no body, so no 413");
    }

    @Test
    void anOperationWithoutAnyDeclaredAnswerStillGetsThem() {
        Operation bare = OASFactory.createOperation()
                .addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme(ProblemDocumentation.ADMIN_SCHEME));
        filter(bare);

        assertEquals(Set.of("400", "401", "403"), bare.getResponses().getAPIResponses().keySet());
    }

    @Test
    void aWriteThatRequiresIfMatchGetsThe428() {
        Operation guarded = adminWrite().addParameter(ifMatch(true));
        Operation optional = adminWrite().addParameter(ifMatch(false));
        filter(guarded);
        filter(optional);

        assertProblem(guarded, "428", ProblemDocumentation.PRECONDITION_REQUIRED);
        assertFalse(optional.getResponses().hasAPIResponse("428"), "an optional If-Match is never missing");
    }

    private static Parameter ifMatch(boolean required) {
        return OASFactory.createParameter().name("If-Match").in(Parameter.In.HEADER).required(required);
    }

    private static Operation adminWrite() {
        return OASFactory.createOperation()
                .addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme(ProblemDocumentation.ADMIN_SCHEME))
                .requestBody(OASFactory.createRequestBody().content(OASFactory.createContent().addMediaType("application/json",
                        OASFactory.createMediaType().schema(OASFactory.createSchema().type(List.of(
                                org.eclipse.microprofile.openapi.models.media.Schema.SchemaType.OBJECT))))))
                .responses(OASFactory.createAPIResponses()
                        .addAPIResponse("201", OASFactory.createAPIResponse().description("Created"))
                        .addAPIResponse("409", OASFactory.createAPIResponse().description("Duplicate")));
    }

    private static void filter(Operation operation) {
        OpenAPI document = OASFactory.createOpenAPI().paths(OASFactory.createPaths()
                .addPathItem("/things", OASFactory.createPathItem().POST(operation)));
        new ProblemDocumentation().filterOpenAPI(document);
    }

    private static void assertProblem(Operation operation, String status, String description) {
        APIResponse answer = operation.getResponses().getAPIResponse(status);
        assertEquals(description, answer.getDescription(), status);
        assertEquals("#/components/schemas/" + ProblemDocumentation.SCHEMA,
                answer.getContent().getMediaType(PROBLEM).getSchema().getRef(), status + " has the problem body");
    }
}

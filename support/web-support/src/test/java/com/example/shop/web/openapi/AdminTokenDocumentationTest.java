package com.example.shop.web.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;
import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;

/** Which operations the filter names the admin token on, read from resource classes through Jandex as the build reads them. */
class AdminTokenDocumentationTest {

    @Test
    void aMethodsOwnRolesAllowedGuardsItAlone() throws IOException {
        OpenAPI document = filtered(Index.of(Things.class));

        assertNull(operation(document, "/things/{id}", "GET").getSecurity(), "a public read");
        assertAdminToken(operation(document, "/things/{id}", "DELETE"));
        assertAdminToken(operation(document, "/things", "POST"));
    }

    @Test
    void aClassesRolesAllowedGuardsEveryMethodButAPermitAllOne() throws IOException {
        OpenAPI document = filtered(Index.of(AdminThings.class));

        assertAdminToken(operation(document, "/admin/things", "GET"));
        assertNull(operation(document, "/admin/things/open", "GET").getSecurity(), "@PermitAll");
    }

    @Test
    void anInheritedMethodIsGuardedBelowTheSubclassesPath() throws IOException {
        OpenAPI document = filtered(Index.of(Base.class, Inheriting.class));

        assertAdminToken(operation(document, "/admin/inheriting/runs", "GET"));
    }

    @Test
    void aRequirementTheOperationDeclaresWins() {
        Operation own = OASFactory.createOperation()
                .addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme("sharedSecret"));
        OpenAPI document = OASFactory.createOpenAPI().paths(OASFactory.createPaths()
                .addPathItem("/things", OASFactory.createPathItem().POST(own)));
        new AdminTokenDocumentation(Set.of("POST /things")).filterOpenAPI(document);

        assertEquals(List.of("sharedSecret"), own.getSecurity().stream()
                .flatMap(requirement -> requirement.getSchemes().keySet().stream()).toList());
    }

    @Test
    void pathsAreWrittenAsTheDocumentWritesThem() {
        assertEquals("/admin/stuff/{id}", AdminTokenDocumentation.documentPath("admin/stuff//{id: [0-9a-f]+}/"));
        assertEquals("/things", AdminTokenDocumentation.documentPath("/things/"));
    }

    /** Every operation of the classes below, as the scanner leaves them: no security. */
    private static OpenAPI filtered(Index index) {
        OpenAPI document = OASFactory.createOpenAPI().paths(OASFactory.createPaths()
                .addPathItem("/things", OASFactory.createPathItem().POST(OASFactory.createOperation()))
                .addPathItem("/things/{id}", OASFactory.createPathItem()
                        .GET(OASFactory.createOperation()).DELETE(OASFactory.createOperation()))
                .addPathItem("/admin/things", OASFactory.createPathItem().GET(OASFactory.createOperation()))
                .addPathItem("/admin/things/open", OASFactory.createPathItem().GET(OASFactory.createOperation()))
                .addPathItem("/admin/inheriting/runs", OASFactory.createPathItem().GET(OASFactory.createOperation())));
        new AdminTokenDocumentation(index).filterOpenAPI(document);
        return document;
    }

    private static Operation operation(OpenAPI document, String path, String method) {
        return document.getPaths().getPathItem(path).getOperations().entrySet().stream()
                .filter(entry -> entry.getKey().name().equals(method)).map(Map.Entry::getValue).findFirst().orElseThrow();
    }

    private static void assertAdminToken(Operation operation) {
        List<SecurityRequirement> security = operation.getSecurity();
        assertEquals(1, security.size());
        assertEquals(Map.of(ProblemDocumentation.ADMIN_SCHEME, List.of()), security.get(0).getSchemes());
    }

    // Read through Jandex only: never served.
    @Path("/things")
    abstract static class Things {
        @GET
        @Path("{id}")
        abstract String get();

        @DELETE
        @Path("/{id}")
        @RolesAllowed("admin")
        abstract void delete();

        @POST
        @RolesAllowed("admin")
        abstract void create();
    }

    @Path("/admin/things/")
    @RolesAllowed("admin")
    abstract static class AdminThings {
        @GET
        abstract String list();

        @GET
        @Path("open")
        @PermitAll
        abstract String open();
    }

    @RolesAllowed("admin")
    abstract static class Base {
        @GET
        @Path("/runs")
        abstract String runs();
    }

    @Path("/admin/inheriting")
    abstract static class Inheriting extends Base {
    }
}

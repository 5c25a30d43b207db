package com.example.shop.web.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.Path;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;

/** The names the filter gives the inherited import-run operations, on a document built by hand. */
class ImportRunsDocumentationTest {

    @Test
    void eachResourcesOperationsTakeItsName() throws IOException {
        OpenAPI document = document("/admin/things", "/admin/stuff");
        filter(Index.of(ThingImports.class, StuffImports.class), document);

        assertOperation(document, "/admin/things/imports", "listThingImports", "Thing import runs, newest first (admin)");
        assertOperation(document, "/admin/things/imports/{id}", "getThingImport", "Thing import run: state and live counts (admin)");
        assertOperation(document, "/admin/things/imports/{id}/rejects", "listThingImportRejects",
                "Thing import run's rejected lines, in line order (admin)");
        // @Path("admin/stuff/"): the document writes it /admin/stuff
        assertOperation(document, "/admin/stuff/imports", "listStuffImports", "Stuff import runs, newest first (admin)");
    }

    @Test
    void theOtherOperationsAreLeftAsTheyAre() throws IOException {
        OpenAPI document = document("/admin/things");
        document.getPaths().addPathItem("/admin/things/export",
                OASFactory.createPathItem().GET(operation("exportThings", "Every thing as NDJSON")));
        document.getPaths().addPathItem("/admin/things/unnamed", OASFactory.createPathItem().GET(operation(null, "No operationId")));
        filter(Index.of(ThingImports.class), document);

        assertOperation(document, "/admin/things/export", "exportThings", "Every thing as NDJSON");
        assertOperation(document, "/admin/things/unnamed", null, "No operationId");
    }

    @Test
    void anUnnamedResourceFailsTheBuild() {
        OpenAPI document = document("/admin/things", "/admin/unnamed");
        ImportRunsDocumentation filter = new ImportRunsDocumentation(Map.of("/admin/things", "Thing"));

        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> filter.filterOpenAPI(document));
        assertTrue(refused.getMessage().contains("GET /admin/unnamed/imports"), refused.getMessage());
    }

    @Test
    void theImportStartGetsBulkImportsAnswersUnlessItDeclaresThem() throws IOException {
        OpenAPI document = document("/admin/things", "/admin/stuff");
        Operation things = OASFactory.createOperation().operationId("importThings").responses(OASFactory.createAPIResponses()
                .addAPIResponse("503", OASFactory.createAPIResponse().description("The database is unavailable")));
        Operation stuff = OASFactory.createOperation().operationId("importStuff").responses(OASFactory.createAPIResponses()
                .addAPIResponse("400", OASFactory.createAPIResponse().description("Empty file, or not NDJSON")));
        Operation onlyTheScannersAnswer = OASFactory.createOperation().operationId("importMoreStuff").responses(
                OASFactory.createAPIResponses().addAPIResponse("200", OASFactory.createAPIResponse().description("OK")));
        Operation elsewhere = OASFactory.createOperation().operationId("importOther");
        document.getPaths()
                .addPathItem("/admin/things/import", OASFactory.createPathItem().POST(things))
                .addPathItem("/admin/stuff/import", OASFactory.createPathItem().POST(stuff))
                .addPathItem("/admin/stuff2/import", OASFactory.createPathItem().POST(onlyTheScannersAnswer))
                .addPathItem("/admin/other/import", OASFactory.createPathItem().POST(elsewhere));
        filter(Index.of(ThingImports.class, StuffImports.class, MoreStuffImports.class), document);

        assertEquals(Set.of("202", "400", "409", "413", "503"), things.getResponses().getAPIResponses().keySet());
        APIResponse accepted = things.getResponses().getAPIResponse("202");
        assertEquals("The run: /admin/things/imports/{id}", accepted.getHeaders().get("Location").getDescription());
        assertEquals("#/components/schemas/ImportRun", accepted.getContent().getMediaType("application/json").getSchema().getRef());
        assertEquals("Another import is running on this replica", things.getResponses().getAPIResponse("409").getDescription());
        assertEquals("Empty file, or not NDJSON", stuff.getResponses().getAPIResponse("400").getDescription(), "declared wins");
        assertEquals(Set.of("202", "400", "409", "413"), onlyTheScannersAnswer.getResponses().getAPIResponses().keySet(),
                "an import start never answers 200");
        assertNull(elsewhere.getResponses(), "not an import resource's");
    }

    /** The three operations ImportRunsResource declares, below each resource path, as the scanner leaves them. */
    private static OpenAPI document(String... resourcePaths) {
        OpenAPI document = OASFactory.createOpenAPI().paths(OASFactory.createPaths());
        for (String resource : resourcePaths) {
            document.getPaths()
                    .addPathItem(resource + "/imports", OASFactory.createPathItem().GET(
                            operation(ImportRunsResource.LIST_RUNS, "Import runs, newest first (admin)")))
                    .addPathItem(resource + "/imports/{id}", OASFactory.createPathItem().GET(
                            operation(ImportRunsResource.GET_RUN, "Import run: state and live counts (admin)")))
                    .addPathItem(resource + "/imports/{id}/rejects", OASFactory.createPathItem().GET(
                            operation(ImportRunsResource.LIST_REJECTS, "Import run's rejected lines, in line order (admin)")));
        }
        return document;
    }

    private static Operation operation(String operationId, String summary) {
        return OASFactory.createOperation().operationId(operationId).summary(summary);
    }

    private static void filter(Index index, OpenAPI document) {
        new ImportRunsDocumentation(index).filterOpenAPI(document);
    }

    private static void assertOperation(OpenAPI document, String path, String operationId, String summary) {
        Operation operation = document.getPaths().getPathItem(path).getGET();
        assertEquals(operationId, operation.getOperationId(), path);
        assertEquals(summary, operation.getSummary(), path);
    }

    // Read through Jandex as the OpenAPI build reads a service's resources. Abstract: never served.
    @Path("/admin/things")
    @ImportRunsNamed("Thing")
    abstract static class ThingImports extends ImportRunsResource {
    }

    @Path("admin/stuff/")
    @ImportRunsNamed("Stuff")
    abstract static class StuffImports extends ImportRunsResource {
    }

    @Path("/admin/stuff2")
    @ImportRunsNamed("MoreStuff")
    abstract static class MoreStuffImports extends ImportRunsResource {
    }
}

package com.example.shop.web.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.Path;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;

/** What the filter makes of the operations BulkResource declares once, on a document built as the scanner leaves it. */
class BulkDocumentationTest {

    @Test
    void eachResourcesOperationsTakeItsNames() throws IOException {
        OpenAPI document = document("/admin/things", "/admin/stuff");
        filter(document);

        assertOperation(document.getPaths().getPathItem("/admin/things/import").getPOST(), "importThings",
                "Import things from NDJSON, as a job (admin)");
        assertOperation(document.getPaths().getPathItem("/admin/things/export").getGET(), "exportThings",
                "Export things as NDJSON, streamed (admin)");
        assertOperation(get(document, "/admin/things/imports"), "listThingImports", "Thing import runs, newest first (admin)");
        assertOperation(get(document, "/admin/things/imports/{id}"), "getThingImport", "Thing import run: state and live counts (admin)");
        assertOperation(get(document, "/admin/things/imports/{id}/rejects"), "listThingImportRejects",
                "Thing import run's rejected lines, in line order (admin)");
        // @Path("admin/stuff/"): the document writes it /admin/stuff; its plural is its own
        assertOperation(document.getPaths().getPathItem("/admin/stuff/import").getPOST(), "importStuff",
                "Import stuff from NDJSON, as a job (admin)");
        assertOperation(get(document, "/admin/stuff/imports"), "listStuffImports", "Stuff import runs, newest first (admin)");
    }

    @Test
    void theImportGetsItsLineSchemaItsDescriptionAndTheAnswersBulkImportsGives() throws IOException {
        OpenAPI document = document("/admin/things");
        filter(document);

        Operation start = document.getPaths().getPathItem("/admin/things/import").getPOST();
        assertEquals("#/components/schemas/ThingLine", lineSchema(start.getRequestBody().getContent()),
                "the line type's class-level @Schema names it");
        assertEquals("A thing a line. " + BulkDocumentation.IMPORTING, start.getDescription());
        assertEquals(Set.of("202", "400", "409", "413", "503"), start.getResponses().getAPIResponses().keySet(),
                "an import start never answers 200");
        var accepted = start.getResponses().getAPIResponse("202");
        assertEquals("The run: /admin/things/imports/{id}", accepted.getHeaders().get("Location").getDescription());
        assertEquals("#/components/schemas/Run", accepted.getContent().getMediaType("application/json").getSchema().getRef());
        assertEquals("Another import is running on this replica", start.getResponses().getAPIResponse("409").getDescription());
    }

    @Test
    void theExportGetsItsLineSchemaAndItsDescription() throws IOException {
        OpenAPI document = document("/admin/stuff");
        filter(document);

        Operation export = get(document, "/admin/stuff/export");
        assertEquals("#/components/schemas/StuffLine", lineSchema(export.getResponses().getAPIResponse("200").getContent()),
                "without a name of its own, the line type's schema is its simple name");
        assertEquals("Every item, one a line, in the form POST /admin/stuff/import takes back. Oldest first.", export.getDescription());
        assertEquals(Set.of("200", "503"), export.getResponses().getAPIResponses().keySet());
    }

    @Test
    void theOtherOperationsAreLeftAsTheyAre() throws IOException {
        OpenAPI document = document("/admin/things");
        document.getPaths().addPathItem("/admin/things/overview",
                OASFactory.createPathItem().GET(operation("getThingOverview", "The things to watch")));
        document.getPaths().addPathItem("/admin/things/unnamed", OASFactory.createPathItem().GET(operation(null, "No operationId")));
        filter(document);

        assertOperation(get(document, "/admin/things/overview"), "getThingOverview", "The things to watch");
        assertOperation(get(document, "/admin/things/unnamed"), null, "No operationId");
    }

    @Test
    void anUnnamedResourceFailsTheBuild() {
        OpenAPI document = document("/admin/things", "/admin/unnamed");
        BulkDocumentation filter = new BulkDocumentation(Map.of("/admin/things",
                new BulkDocumentation.Items("Thing", "Things", "ThingLine", "A thing a line.", "")));

        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> filter.filterOpenAPI(document));
        assertTrue(refused.getMessage().contains("/admin/unnamed/"), refused.getMessage());
    }

    @Test
    void aLineTypeWhoseSchemaIsNotInTheDocumentFailsTheBuild() {
        OpenAPI document = document("/admin/things");
        document.getComponents().removeSchema("ThingLine");

        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> filter(document));
        assertTrue(refused.getMessage().contains("ThingLine"), refused.getMessage());
        assertFalse(refused.getMessage().contains("placeholder"), refused.getMessage());
    }

    /** The five operations BulkResource declares, below each resource path, as the scanner leaves them. */
    private static OpenAPI document(String... resourcePaths) {
        OpenAPI document = OASFactory.createOpenAPI().paths(OASFactory.createPaths()).components(OASFactory.createComponents()
                .addSchema("ThingLine", OASFactory.createSchema()).addSchema("StuffLine", OASFactory.createSchema()));
        for (String resource : resourcePaths) {
            Operation start = operation(BulkResource.START_IMPORT, "Import from NDJSON, as a job (admin)")
                    .requestBody(OASFactory.createRequestBody().content(ndjson()))
                    .responses(OASFactory.createAPIResponses().addAPIResponse("200", OASFactory.createAPIResponse().description("OK")));
            Operation export = operation(BulkResource.EXPORT_ITEMS, "Export as NDJSON, streamed (admin)")
                    .responses(OASFactory.createAPIResponses().addAPIResponse("200",
                            OASFactory.createAPIResponse().description("One item a line").content(ndjson())));
            document.getPaths()
                    .addPathItem(resource + "/import", OASFactory.createPathItem().POST(start))
                    .addPathItem(resource + "/export", OASFactory.createPathItem().GET(export))
                    .addPathItem(resource + "/imports", OASFactory.createPathItem().GET(
                            operation(BulkResource.LIST_RUNS, "Import runs, newest first (admin)")))
                    .addPathItem(resource + "/imports/{id}", OASFactory.createPathItem().GET(
                            operation(BulkResource.GET_RUN, "Import run: state and live counts (admin)")))
                    .addPathItem(resource + "/imports/{id}/rejects", OASFactory.createPathItem().GET(
                            operation(BulkResource.LIST_REJECTS, "Import run's rejected lines, in line order (admin)")));
        }
        return document;
    }

    private static Content ndjson() {
        return OASFactory.createContent().addMediaType(BulkImports.NDJSON, OASFactory.createMediaType());
    }

    private static Operation operation(String operationId, String summary) {
        return OASFactory.createOperation().operationId(operationId).summary(summary);
    }

    private static Operation get(OpenAPI document, String path) {
        return document.getPaths().getPathItem(path).getGET();
    }

    private static String lineSchema(Content content) {
        return content.getMediaType(BulkImports.NDJSON).getSchema().getRef();
    }

    private static void filter(OpenAPI document) throws IOException {
        new BulkDocumentation(Index.of(ThingBulk.class, StuffBulk.class, ThingLine.class, StuffLine.class)).filterOpenAPI(document);
    }

    private static void assertOperation(Operation operation, String operationId, String summary) {
        assertEquals(operationId, operation.getOperationId());
        assertEquals(summary, operation.getSummary());
    }

    // Read through Jandex as the OpenAPI build reads a service's resources. Abstract: never served.
    @Path("/admin/things")
    @BulkNamed(value = "Thing", plural = "Things", line = ThingLine.class, importing = "A thing a line.", exporting = "By name.")
    abstract static class ThingBulk extends BulkResource {
    }

    @Path("admin/stuff/")
    @BulkNamed(value = "Stuff", plural = "Stuff", line = StuffLine.class, importing = "Stuff, a line each.", exporting = "Oldest first.")
    abstract static class StuffBulk extends BulkResource {
    }

    @Schema(name = "ThingLine", description = "One thing")
    record ThingLine(String name) {
    }

    record StuffLine(String name) {
    }
}

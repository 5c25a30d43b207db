package com.example.shop.web.bulk;

import com.example.shop.web.Page;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.example.shop.web.runs.Run;
import com.example.shop.web.runs.RunPage;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * A service's items in bulk over HTTP, the same in every service, below the resource's own
 * {@code @Path}: {@code POST import} starts an import of an NDJSON file as a job ({@link BulkImports});
 * {@code GET imports} (newest first), {@code GET imports/{id}} and {@code GET imports/{id}/rejects}
 * follow its runs; {@code GET export} streams every item as NDJSON, in the form the import takes back.
 * A service's bulk resource extends this class with what is its own: what it imports (a
 * {@link LineImporter}) and exports (a {@link LineExporter}), given to the constructor, and how its API
 * document names and describes them, in its {@link BulkNamed}. The operations are declared here once, so
 * that they cannot differ from one service to the next; {@link BulkDocumentation} gives each service's
 * its own operationIds (the gateway merges the documents, and the e2e client is generated from the
 * merged one), line schema, descriptions and the answers BulkImports gives.
 * <p>
 * Admin only and never cached: {@link HttpCaching} is read from the class that declares the
 * method, this one, and {@link RolesAllowed} stands here as well as on each service's resource
 * (the document names the admin token on these operations from it: AdminTokenDocumentation).
 */
@RolesAllowed("admin")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
public abstract class BulkResource {

    /** Where an import is started, below the resource's own {@code @Path}. */
    static final String START = "/import";
    /** Where the items are exported, below the resource's own {@code @Path}. */
    static final String EXPORT = "/export";

    /** Placeholder operationIds, replaced per service by {@link BulkDocumentation}. */
    static final String START_IMPORT = "importItems";
    static final String EXPORT_ITEMS = "exportItems";
    static final String LIST_RUNS = "listImportRuns";
    static final String GET_RUN = "getImportRun";
    static final String LIST_REJECTS = "listImportRunRejects";

    private final BulkImports imports;
    private final LineImporter<?> importer;
    private final LineExporter exporter;
    /** The resource's own {@code @Path} + {@code /imports}: where a started run's Location points below. */
    private final String runsPath;

    /**
     * @param importer what this resource imports: {@link #startImport} runs it, and the runs shown are of its kind
     * @param exporter what {@link #export} writes
     */
    protected BulkResource(BulkImports imports, LineImporter<?> importer, LineExporter exporter) {
        this.imports = imports;
        this.importer = importer;
        this.exporter = exporter;
        this.runsPath = resourcePath(getClass()) + "/imports";
    }

    /**
     * For an {@code @ApplicationScoped} subclass: Quarkus gives it the no-argument constructor its client proxy
     * needs, which calls this one. The proxy only delegates; it never serves a request itself.
     */
    protected BulkResource() {
        this(null, null, null);
    }

    // The body's line schema, the description and the answers (202 with the run, 400, 409, 413, 503) are the
    // service's, from its BulkNamed: BulkDocumentation.
    @POST
    @Path(START)
    @Consumes(BulkImports.NDJSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = START_IMPORT, summary = "Import from NDJSON, as a job (admin)")
    @RequestBody(required = true, content = @Content(mediaType = BulkImports.NDJSON))
    public Response startImport(InputStream body) {
        return imports.accepted(imports.start(importer, body), runsPath);
    }

    // The lines' schema and the description are the service's, from its BulkNamed: BulkDocumentation.
    @GET
    @Path(EXPORT)
    @Produces(BulkImports.NDJSON)
    @Operation(operationId = EXPORT_ITEMS, summary = "Export as NDJSON, streamed (admin)")
    @APIResponse(responseCode = "200", description = "One item a line", content = @Content(mediaType = BulkImports.NDJSON))
    public StreamingOutput export() {
        return exporter.ndjson();
    }

    @GET
    @Path("/imports")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = LIST_RUNS, summary = "Import runs, newest first (admin)")
    @APIResponse(responseCode = "200", description = "One page of runs")
    @APIResponse(responseCode = "400", description = "limit outside 1..100, or not a cursor of this list")
    public RunPage runs(@QueryParam("limit") @Parameter(description = "Page size 1..100, default 20") Integer limit,
                                @QueryParam("cursor") @Parameter(description = "The 'next' of the previous page") String cursor) {
        return imports.runs(importer.kind(), limit, cursor);
    }

    @GET
    @Path("/imports/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = GET_RUN, summary = "Import run: state and live counts (admin)")
    @APIResponse(responseCode = "200", description = "The run")
    @APIResponse(responseCode = "404", description = "No such run")
    public Run run(@PathParam("id") String id) {
        return imports.run(importer.kind(), id);
    }

    @GET
    @Path("/imports/{id}/rejects")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = LIST_REJECTS, summary = "Import run's rejected lines, in line order (admin)")
    @APIResponse(responseCode = "200", description = "One page of rejected lines",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportRejectPage.class)))
    @APIResponse(responseCode = "400", description = "limit outside 1..1000, or not a cursor of this list")
    @APIResponse(responseCode = "404", description = "No such run")
    public Page<ImportReject> rejects(@PathParam("id") String id,
                                      @QueryParam("limit") @Parameter(description = "Page size 1..1000, default 100") Integer limit,
                                      @QueryParam("cursor") @Parameter(description = "The 'next' of the previous page") String cursor) {
        return imports.rejects(importer.kind(), id, limit, cursor);
    }

    /**
     * The {@code @Path} of the resource class (the first class up from {@code type} that declares one: the
     * container may hand over a subclass of it), as the document writes it.
     */
    private static String resourcePath(Class<?> type) {
        for (Class<?> declaring = type; declaring != null; declaring = declaring.getSuperclass()) {
            Path path = declaring.getDeclaredAnnotation(Path.class);
            if (path != null) {
                return documentPath(path.value());
            }
        }
        throw new IllegalStateException(type.getName() + " extends BulkResource without a @Path");
    }

    /** A {@code @Path} value as the document writes it: one leading slash, no trailing one. */
    static String documentPath(String path) {
        return "/" + path.replaceAll("^/+|/+$", "");
    }
}

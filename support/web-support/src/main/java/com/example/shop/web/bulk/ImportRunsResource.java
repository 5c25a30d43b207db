package com.example.shop.web.bulk;

import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * The runs of one kind of import over HTTP, the same in every service: {@code GET imports} (newest
 * first), {@code GET imports/{id}} and {@code GET imports/{id}/rejects} below the resource's own
 * {@code @Path}, all answered by {@link BulkImports}. A service's import resource extends this
 * class, declares its own {@code POST} at {@link #START}, which answers {@link #startImport} (its
 * request body and what a line does are its own; {@link ImportRunsDocumentation} documents the
 * answers BulkImports gives there), and names its imports with {@link ImportRunsNamed}: each
 * service's operations need their own operationIds in the gateway's merged document, and
 * ImportRunsDocumentation gives them from that name.
 * <p>
 * Admin only and never cached: {@link HttpCaching} is read from the class that declares the
 * method, this one, and {@link RolesAllowed} stands here as well as on each service's resource
 * (the document names the admin token on these operations from it: AdminTokenDocumentation).
 */
@RolesAllowed("admin")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
public abstract class ImportRunsResource {

    /** Where a subclass starts an import ({@code @POST @Path(START)}), below its own {@code @Path}. */
    protected static final String START = "/import";

    /** Placeholder operationIds, replaced per service by {@link ImportRunsDocumentation}. */
    static final String LIST_RUNS = "listImportRuns";
    static final String GET_RUN = "getImportRun";
    static final String LIST_REJECTS = "listImportRunRejects";

    private final BulkImports imports;
    private final LineImporter<?> importer;
    /** The resource's own {@code @Path} + {@code /imports}: where a started run's Location points below. */
    private final String runsPath;

    /** @param importer what this resource imports: {@link #startImport} runs it, and the runs shown are of its kind */
    protected ImportRunsResource(BulkImports imports, LineImporter<?> importer) {
        this.imports = imports;
        this.importer = importer;
        this.runsPath = resourcePath(getClass()) + "/imports";
    }

    /**
     * For an {@code @ApplicationScoped} subclass: Quarkus gives it the no-argument constructor its client proxy
     * needs, which calls this one. The proxy only delegates; it never serves a request itself.
     */
    protected ImportRunsResource() {
        this(null, null);
    }

    /**
     * Starts an import of {@code body}: what each subclass's {@code @POST @Path(START)} method answers, 202 with
     * the run and its Location ({@link BulkImports#accepted}), or BulkImports' 400, 409 or 413 (all documented
     * by {@link ImportRunsDocumentation}). The method stays the subclass's: its operationId, line type and what
     * a line does are its own.
     */
    protected Response startImport(InputStream body) {
        return imports.accepted(imports.start(importer, body), runsPath);
    }

    @GET
    @Path("/imports")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = LIST_RUNS, summary = "Import runs, newest first (admin)")
    @APIResponse(responseCode = "200", description = "One page of runs",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportRunPage.class)))
    @APIResponse(responseCode = "400", description = "limit outside 1..100, or not a cursor of this list")
    public Page<ImportRun> runs(@QueryParam("limit") @Parameter(description = "Page size 1..100, default 20") Integer limit,
                                @QueryParam("cursor") @Parameter(description = "The 'next' of the previous page") String cursor) {
        return imports.runs(importer.kind(), limit, cursor);
    }

    @GET
    @Path("/imports/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = GET_RUN, summary = "Import run: state and live counts (admin)")
    @APIResponse(responseCode = "200", description = "The run")
    @APIResponse(responseCode = "404", description = "No such run")
    public ImportRun run(@PathParam("id") String id) {
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
                return "/" + path.value().replaceAll("^/+|/+$", "");
            }
        }
        throw new IllegalStateException(type.getName() + " extends ImportRunsResource without a @Path");
    }
}

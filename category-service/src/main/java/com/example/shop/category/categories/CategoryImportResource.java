package com.example.shop.category.categories;

import com.example.shop.web.bulk.BulkImports;
import com.example.shop.web.bulk.ImportReject;
import com.example.shop.web.bulk.ImportRejectPage;
import com.example.shop.web.bulk.ImportRun;
import com.example.shop.web.bulk.ImportRunPage;
import com.example.shop.web.bulk.NdjsonOutput;
import com.example.shop.web.bulk.Page;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.example.shop.web.openapi.ProblemDocumentation;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Admin: the category tree in bulk, NDJSON in (an import, as a job) and out (the export). */
@Path("/admin/categories")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@SecurityRequirement(name = ProblemDocumentation.ADMIN_SCHEME)
@Tag(name = "category import and export", description = "Admin: the category tree in bulk, as NDJSON")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
public class CategoryImportResource {

    static final String RUNS = "/admin/categories/imports";

    private final BulkImports imports;
    private final ImportCategories importer;
    private final ExportCategories export;
    private final ObjectMapper mapper;

    public CategoryImportResource(BulkImports imports, ImportCategories importer, ExportCategories export, ObjectMapper mapper) {
        this.imports = imports;
        this.importer = importer;
        this.export = export;
        this.mapper = mapper;
    }

    @POST
    @Path("/import")
    @Consumes(BulkImports.NDJSON)
    @Operation(operationId = "importCategories", summary = "Import categories from NDJSON, as a job (admin)",
            description = "One {\"id\"?, \"slug\", \"name\", \"parent\"} a line, in any order (a parent may come after its child). "
                    + "Answers 202 at once with the run; a slug that exists is updated (a changed parent moves its subtree) "
                    + "or left unchanged. A line that cannot be placed (unknown parent, a cycle, an id conflict) is rejected "
                    + "with its line number, and nothing else.")
    @RequestBody(required = true, content = @Content(mediaType = BulkImports.NDJSON,
            schema = @Schema(implementation = CategoryLine.class)))
    @APIResponse(responseCode = "202", description = "Accepted; Location names the run",
            headers = @Header(name = "Location", description = "The run's URL", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportRun.class)))
    @APIResponse(responseCode = "400", description = "Empty file")
    @APIResponse(responseCode = "409", description = "Another import is running on this replica")
    @APIResponse(responseCode = "413", description = "The file is over shop.bulk.max-body-size (1 GiB by default)")
    @APIResponse(responseCode = "503", description = "The database is unavailable")
    public Response importCategories(InputStream body) {
        return imports.accepted(imports.start(importer, body), RUNS);
    }

    @GET
    @Path("/imports")
    @Operation(operationId = "listCategoryImports", summary = "Category import runs, newest first (admin)")
    @APIResponse(responseCode = "200", description = "One page of runs",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportRunPage.class)))
    @APIResponse(responseCode = "400", description = "Bad limit or cursor")
    public Page<ImportRun> runs(@QueryParam("limit") @Parameter(description = "Page size 1..100, default 20") Integer limit,
                                @QueryParam("cursor") @Parameter(description = "The 'next' of the previous page") String cursor) {
        return imports.runs(importer.kind(), limit, cursor);
    }

    @GET
    @Path("/imports/{id}")
    @Operation(operationId = "getCategoryImport", summary = "A category import run: state and live counts (admin)")
    @APIResponse(responseCode = "200", description = "The run",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportRun.class)))
    @APIResponse(responseCode = "404", description = "Unknown run")
    public ImportRun run(@PathParam("id") String id) {
        return imports.run(importer.kind(), id);
    }

    @GET
    @Path("/imports/{id}/rejects")
    @Operation(operationId = "listCategoryImportRejects", summary = "A category import's rejected lines, in line order (admin)")
    @APIResponse(responseCode = "200", description = "One page of rejected lines",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportRejectPage.class)))
    @APIResponse(responseCode = "400", description = "Bad limit or cursor")
    @APIResponse(responseCode = "404", description = "Unknown run")
    public Page<ImportReject> rejects(@PathParam("id") String id,
                                      @QueryParam("limit") @Parameter(description = "Page size 1..1000, default 100") Integer limit,
                                      @QueryParam("cursor") @Parameter(description = "The 'next' of the previous page") String cursor) {
        return imports.rejects(importer.kind(), id, limit, cursor);
    }

    @GET
    @Path("/export")
    @Produces(BulkImports.NDJSON)
    @Operation(operationId = "exportCategories", summary = "Every category as NDJSON, parents before children (admin)",
            description = "One {\"id\", \"slug\", \"name\", \"parent\"} a line, streamed, in the form POST /admin/categories/import "
                    + "takes back: importing it into an empty store gives the same tree with the same ids.")
    @APIResponse(responseCode = "200", description = "The categories, one a line",
            content = @Content(mediaType = BulkImports.NDJSON, schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "503", description = "The tree is busy with a long change (tree-busy) or the database is unavailable")
    public Response export() {
        return Response.ok(NdjsonOutput.of(export.lines(), mapper), BulkImports.NDJSON).build();
    }
}

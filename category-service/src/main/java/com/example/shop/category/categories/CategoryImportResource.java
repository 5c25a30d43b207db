package com.example.shop.category.categories;

import com.example.shop.web.bulk.BulkImports;
import com.example.shop.web.bulk.ImportRunsNamed;
import com.example.shop.web.bulk.ImportRunsResource;
import com.example.shop.web.bulk.NdjsonOutput;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Admin: the category tree in bulk, NDJSON in (an import, as a job) and out (the export); the
 * import's runs and rejected lines come from {@link ImportRunsResource}.
 */
@Path("/admin/categories")
@ImportRunsNamed("Category")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@Tag(name = "category import and export", description = "Admin: the category tree in bulk, as NDJSON")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
public class CategoryImportResource extends ImportRunsResource {

    private final ExportCategories export;
    private final ObjectMapper mapper;

    public CategoryImportResource(BulkImports imports, ImportCategories importer, ExportCategories export, ObjectMapper mapper) {
        super(imports, importer);
        this.export = export;
        this.mapper = mapper;
    }

    @POST
    @Path(START)
    @Consumes(BulkImports.NDJSON)
    @Operation(operationId = "importCategories", summary = "Import categories from NDJSON, as a job (admin)",
            description = "One {\"id\"?, \"slug\", \"name\", \"parent\"} a line, in any order (a parent may come after its child). "
                    + "Answers 202 at once with the run; a slug that exists is updated (a changed parent moves its subtree) "
                    + "or left unchanged. A line that cannot be placed (unknown parent, a cycle, an id conflict) is rejected "
                    + "with its line number, and nothing else.")
    @RequestBody(required = true, content = @Content(mediaType = BulkImports.NDJSON,
            schema = @Schema(implementation = CategoryLine.class)))
    @APIResponse(responseCode = "503", description = "The database is unavailable")
    public Response importCategories(InputStream body) {
        return startImport(body);
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

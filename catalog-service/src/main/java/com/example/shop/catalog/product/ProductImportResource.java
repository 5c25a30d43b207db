package com.example.shop.catalog.product;

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
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
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

/** HTTP ⇄ the catalog's import and export: NDJSON in as a job ({@link BulkImports}), NDJSON out as a stream. */
@ApplicationScoped
@Path("/admin/catalog")
@Tag(name = "catalog import and export", description = "Admin: products in bulk, as NDJSON")
@RolesAllowed("admin")
@SecurityRequirement(name = ProblemDocumentation.ADMIN_SCHEME)
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
public class ProductImportResource {

    static final String RUNS = "/admin/catalog/imports";

    private final BulkImports imports;
    private final ImportProducts importProducts;
    private final ExportProducts exportProducts;

    ProductImportResource(BulkImports imports, ImportProducts importProducts, ExportProducts exportProducts) {
        this.imports = imports;
        this.importProducts = importProducts;
        this.exportProducts = exportProducts;
    }

    @POST
    @Path("/import")
    @Consumes(BulkImports.NDJSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "importProducts", summary = "Import products from NDJSON, as a job",
            description = "One product a line, each the body of POST /products. A line whose sku exists replaces that product "
                    + "(updated), or changes nothing when it already holds the same fields (unchanged). A bad line is rejected "
                    + "with its line number and the problem POST /products would give, and never stops the run. The upload "
                    + "is kept until the run has read it; follow the run at Location. One import runs at a time per replica.")
    @RequestBody(required = true, content = @Content(mediaType = BulkImports.NDJSON,
            schema = @Schema(implementation = ProductBody.class)))
    @APIResponse(responseCode = "202", description = "The run, started; follow Location",
            headers = @Header(name = "Location", description = "The run: /admin/catalog/imports/{id}", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportRun.class)))
    @APIResponse(responseCode = "400", description = "An empty file")
    @APIResponse(responseCode = "409", description = "Another import is running on this replica")
    @APIResponse(responseCode = "413", description = "The file is over shop.bulk.max-body-size (1 GiB by default)")
    @APIResponse(responseCode = "503", description = "The database is unavailable")
    public Response importProducts(InputStream body) {
        return imports.accepted(imports.start(importProducts, body), RUNS);
    }

    @GET
    @Path("/imports")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listProductImports", summary = "Product import runs, newest first")
    @APIResponse(responseCode = "200", description = "One page of runs",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportRunPage.class)))
    @APIResponse(responseCode = "400", description = "Bad limit or cursor")
    public Page<ImportRun> runs(@Parameter(description = "Page size 1..100, default 20") @QueryParam("limit") Integer limit,
                                @Parameter(description = "The 'next' of the previous page") @QueryParam("cursor") String cursor) {
        return imports.runs(importProducts.kind(), limit, cursor);
    }

    @GET
    @Path("/imports/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getProductImport", summary = "One product import run: state and live counts")
    @APIResponse(responseCode = "200", description = "The run",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportRun.class)))
    @APIResponse(responseCode = "404", description = "No such run")
    public ImportRun run(@PathParam("id") String id) {
        return imports.run(importProducts.kind(), id);
    }

    @GET
    @Path("/imports/{id}/rejects")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listProductImportRejects", summary = "The lines a product import rejected, in line order")
    @APIResponse(responseCode = "200", description = "One page of rejected lines",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportRejectPage.class)))
    @APIResponse(responseCode = "400", description = "Bad limit or cursor")
    @APIResponse(responseCode = "404", description = "No such run")
    public Page<ImportReject> rejects(@PathParam("id") String id,
                                      @Parameter(description = "Page size 1..1000, default 100") @QueryParam("limit") Integer limit,
                                      @Parameter(description = "The 'next' of the previous page") @QueryParam("cursor") String cursor) {
        return imports.rejects(importProducts.kind(), id, limit, cursor);
    }

    @GET
    @Path("/export")
    @Produces(BulkImports.NDJSON)
    @Operation(operationId = "exportProducts", summary = "Every product as NDJSON, streamed",
            description = "One product a line, in the form POST /admin/catalog/import takes back (the product as GET shows it, "
                    + "without its version).")
    @APIResponse(responseCode = "200", description = "The products",
            content = @Content(mediaType = BulkImports.NDJSON, schema = @Schema(type = SchemaType.STRING)))
    public Response export() {
        return Response.ok(NdjsonOutput.ofJson(exportProducts.lines()), BulkImports.NDJSON).build();
    }
}

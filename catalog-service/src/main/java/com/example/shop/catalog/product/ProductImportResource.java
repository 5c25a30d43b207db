package com.example.shop.catalog.product;

import com.example.shop.web.bulk.BulkImports;
import com.example.shop.web.bulk.ImportRunsNamed;
import com.example.shop.web.bulk.ImportRunsResource;
import com.example.shop.web.bulk.NdjsonOutput;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
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
 * HTTP ⇄ the catalog's import and export: NDJSON in as a job ({@link BulkImports}), NDJSON out as a
 * stream; the import's runs and rejected lines come from {@link ImportRunsResource}.
 */
@ApplicationScoped
@Path("/admin/catalog")
@ImportRunsNamed("Product")
@Tag(name = "catalog import and export", description = "Admin: products in bulk, as NDJSON")
@RolesAllowed("admin")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
public class ProductImportResource extends ImportRunsResource {

    private final ExportProducts exportProducts;

    ProductImportResource(BulkImports imports, ImportProducts importProducts, ExportProducts exportProducts) {
        super(imports, importProducts);
        this.exportProducts = exportProducts;
    }

    @POST
    @Path(START)
    @Consumes(BulkImports.NDJSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "importProducts", summary = "Import products from NDJSON, as a job",
            description = "One product a line, each the body of POST /products. A line whose sku exists replaces that product "
                    + "(updated), or changes nothing when it already holds the same fields (unchanged). A bad line is rejected "
                    + "with its line number and the problem POST /products would give, and never stops the run. The upload "
                    + "is kept until the run has read it; follow the run at Location. One import runs at a time per replica.")
    @RequestBody(required = true, content = @Content(mediaType = BulkImports.NDJSON,
            schema = @Schema(implementation = ProductBody.class)))
    @APIResponse(responseCode = "503", description = "The database is unavailable")
    public Response importProducts(InputStream body) {
        return startImport(body);
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

package com.example.shop.catalog.product;

import com.example.shop.web.bulk.BulkImports;
import com.example.shop.web.bulk.BulkNamed;
import com.example.shop.web.bulk.BulkResource;
import com.example.shop.web.bulk.NdjsonOutput;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * HTTP ⇄ the catalog in bulk ({@link BulkResource}): NDJSON in as a job ({@link ImportProducts}), NDJSON
 * out as a stream ({@link ExportProducts}).
 */
@ApplicationScoped
@Path("/admin/catalog")
@BulkNamed(value = "Product", plural = "Products", line = ProductBody.class,
        importing = "One product a line, each the body of POST /products. A line whose sku exists replaces that product "
                + "(updated), or changes nothing when it already holds the same fields (unchanged).",
        exporting = "Each product as GET shows it, without its version.")
@Tag(name = "catalog import and export", description = "Admin: products in bulk, as NDJSON")
@RolesAllowed("admin")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
public class ProductImportResource extends BulkResource {

    ProductImportResource(BulkImports imports, ImportProducts importProducts, ExportProducts exportProducts) {
        super(imports, importProducts, () -> NdjsonOutput.ofJson(exportProducts.lines()));
    }
}

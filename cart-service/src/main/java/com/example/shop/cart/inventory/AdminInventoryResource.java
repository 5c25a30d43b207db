package com.example.shop.cart.inventory;

import com.example.shop.cart.inventory.StockReport.HolderPage;
import com.example.shop.cart.inventory.StockReport.Overview;
import com.example.shop.cart.inventory.StockReport.Page;
import com.example.shop.cart.inventory.StockReport.SkuHoldings;
import com.example.shop.web.bulk.BulkImports;
import com.example.shop.web.bulk.BulkNamed;
import com.example.shop.web.bulk.BulkResource;
import com.example.shop.web.bulk.NdjsonOutput;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.example.shop.web.identifiers.Identifiers;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Stock as administrators see it: sold, stocked, and how long reserved units have been held; and
 * stock in bulk ({@link BulkResource}): an NDJSON import of {@code {sku, qty}} lines run as a job
 * ({@link ImportStock} through web-support's {@link BulkImports}), its runs and rejected lines, and the
 * export it takes back ({@link ExportStock}). The literal paths ({@code import}, {@code imports}, {@code export}) win over
 * {@code /{sku}} (JAX-RS prefers literal characters), so those three words are not skus here.
 */
@Path(AdminInventoryResource.BASE)
@BulkNamed(value = "Stock", plural = "Stock", line = StockLine.class,
        importing = "Each line sets the sku's available stock exactly as PUT /inventory/{sku} does (qty 0 to 1000000; "
                + "reservations and sales untouched; the stocked total moves by the same difference): created when the sku "
                + "had no stock, unchanged when it is already at that level, else updated.",
        exporting = "Every sku's available stock, in sku order.")
@Tag(name = "inventory")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
@ApplicationScoped
public class AdminInventoryResource extends BulkResource {

    static final String BASE = "/admin/inventory";

    private final StockReport report;

    AdminInventoryResource(StockReport report, BulkImports imports, ImportStock importStock, ExportStock exportStock,
                           ObjectMapper mapper) {
        super(imports, importStock, () -> NdjsonOutput.of(exportStock.lines(), mapper));
        this.report = report;
    }

    @GET
    @Operation(operationId = "listStock", summary = "Every sku's available, reserved and sold units, in sku order (admin)")
    @APIResponse(responseCode = "200", description = "A page of skus")
    @APIResponse(responseCode = "400", description = "limit outside 1..100, or not a cursor of this list")
    public Page list(@QueryParam("limit") @DefaultValue("20") @Min(1) @Max(100) int limit, @QueryParam("cursor") String cursor) {
        return report.page(limit, cursor);
    }

    @GET
    @Path("/overview")
    @Operation(operationId = "getStockOverview", summary = "The skus to watch: least available, most held, most sold lately (admin)",
            description = "One pass over the stock documents (one small document per sku). most_sold lists only skus that sold "
                    + "within the window, which is counted in ten-minute slots: the current slot and the whole slots before it "
                    + "that fit in the window.")
    @APIResponse(responseCode = "200", description = "The overview")
    @APIResponse(responseCode = "400", description = "limit outside 1..50, or window not an ISO-8601 duration from PT10M to PT4H")
    public Overview overview(@QueryParam("limit") @DefaultValue("10") @Min(1) @Max(50) int limit,
                             @QueryParam("window") @DefaultValue("PT1H")
                             @Parameter(description = "ISO-8601 duration, PT10M to PT4H: how far back most_sold counts sales") String window) {
        return report.overview(limit, SalesWindow.parse(window, "window"));
    }

    @GET
    @Path("/{sku}")
    @Operation(operationId = "getStockHoldings", summary = "A sku's stock, number of holders and held units by age band (admin)")
    @APIResponse(responseCode = "200", description = "The sku's stock and holdings")
    @APIResponse(responseCode = "400", description = "Not a sku")
    @APIResponse(responseCode = "404", description = "No stock for this sku")
    public SkuHoldings get(@PathParam("sku") String sku) {
        return report.of(Identifiers.requireSku(sku, "sku"));
    }

    @GET
    @Path("/{sku}/holders")
    @Operation(operationId = "listStockHolders", summary = "The carts holding a sku and how much each holds, in cart id order (admin)")
    @APIResponse(responseCode = "200", description = "A page of holders")
    @APIResponse(responseCode = "400", description = "Not a sku, limit outside 1..100, or not a cursor of this list")
    @APIResponse(responseCode = "404", description = "No stock for this sku")
    public HolderPage holders(@PathParam("sku") String sku, @QueryParam("limit") @DefaultValue("20") @Min(1) @Max(100) int limit,
                              @QueryParam("cursor") String cursor) {
        return report.holders(Identifiers.requireSku(sku, "sku"), limit, cursor);
    }
}

package com.example.shop.cart.inventory;

import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.example.shop.web.identifiers.Identifiers;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Stock of a sku: public counts, admin changes. Counts move with every cart: never stored by a cache. */
@Path("/inventory/{sku}")
@Tag(name = "inventory", description = "Stock per sku: available and reserved units, admin stock changes")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@HttpCaching(CachePolicy.NO_STORE)
@ApplicationScoped
public class InventoryResource {

    private final StockAdministration stock;

    InventoryResource(StockAdministration stock) {
        this.stock = stock;
    }

    @GET
    @PermitAll
    @Operation(operationId = "getInventory", summary = "Available and reserved units of a sku",
            description = "Units available to add to carts and units reserved by carts; never which carts hold them.")
    @APIResponse(responseCode = "200", description = "The sku's stock")
    @APIResponse(responseCode = "400", description = "Malformed sku")
    @APIResponse(responseCode = "404", description = "Unknown sku")
    public StockView get(@PathParam("sku") String sku) {
        return stock.view(Identifiers.requireSku(sku, "sku"));
    }

    @PUT
    @RolesAllowed("admin")
    @Operation(operationId = "setInventory", summary = "Set the available quantity (admin); recorded as an adjustment of the stocked total",
            description = "Sets the available quantity; reservations and sales are untouched, and the stocked total moves by the same difference, so the stock invariant holds.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SetStock.class)))
    @APIResponse(responseCode = "200", description = "The sku's stock after the change")
    @APIResponse(responseCode = "400", description = "Malformed sku or body")
    public StockView set(@PathParam("sku") String sku, @Valid @NotNull SetStock body) {
        return stock.setAvailable(Identifiers.requireSku(sku, "sku"), body.qty());
    }

    @POST
    @Path("/restock")
    @RolesAllowed("admin")
    @Operation(operationId = "restockInventory", summary = "Add units to the available quantity atomically (admin)",
            description = "Adds units to the available quantity and to the stocked total in one atomic update.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Restock.class)))
    @APIResponse(responseCode = "200", description = "The sku's stock after the restock")
    @APIResponse(responseCode = "400", description = "Malformed sku or body")
    public StockView restock(@PathParam("sku") String sku, @Valid @NotNull Restock body) {
        return stock.restock(Identifiers.requireSku(sku, "sku"), body.qty());
    }
}

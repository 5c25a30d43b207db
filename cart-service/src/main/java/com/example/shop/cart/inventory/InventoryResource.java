package com.example.shop.cart.inventory;

import com.example.shop.cart.inventory.InventoryRecords.Restock;
import com.example.shop.cart.inventory.InventoryRecords.SetStock;
import com.example.shop.cart.inventory.InventoryRecords.StockView;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
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
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/inventory/{sku}")
@Tag(name = "inventory")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class InventoryResource {

    @Inject
    StockAdministration stock;

    @GET
    @PermitAll
    @Operation(summary = "Available and reserved units of a sku")
    public StockView get(@PathParam("sku") String sku) {
        return stock.view(Skus.require(sku, "sku"));
    }

    @PUT
    @RolesAllowed("admin")
    @SecurityRequirement(name = "jwt")
    @Operation(summary = "Set the available quantity (admin); recorded as an adjustment of the stocked total")
    public StockView set(@PathParam("sku") String sku, @Valid @NotNull SetStock body) {
        return stock.setAvailable(Skus.require(sku, "sku"), body.qty());
    }

    @POST
    @Path("/restock")
    @RolesAllowed("admin")
    @SecurityRequirement(name = "jwt")
    @Operation(summary = "Add units to the available quantity atomically (admin)")
    public StockView restock(@PathParam("sku") String sku, @Valid @NotNull Restock body) {
        return stock.restock(Skus.require(sku, "sku"), body.qty());
    }
}

package com.example.shop.cart.inventory;

import com.example.shop.cart.inventory.Holdings.Page;
import com.example.shop.cart.inventory.Holdings.SkuHoldings;
import com.example.shop.web.identifiers.Identifiers;
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
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Stock as administrators see it: sold, stocked, and how long reserved units have been held. */
@Path("/admin/inventory")
@Tag(name = "inventory")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@SecurityRequirement(name = "adminBearer")
@ApplicationScoped
public class AdminInventoryResource {

    private final Holdings holdings;

    AdminInventoryResource(Holdings holdings) {
        this.holdings = holdings;
    }

    @GET
    @Operation(operationId = "listStockHoldings", summary = "Every sku's stock and held units by age band, in sku order (admin)")
    public Page list(@QueryParam("limit") @DefaultValue("20") @Min(1) @Max(100) int limit, @QueryParam("cursor") String cursor) {
        return holdings.page(limit, cursor);
    }

    @GET
    @Path("/{sku}")
    @Operation(operationId = "getStockHoldings", summary = "A sku's stock and held units by age band (admin)")
    public SkuHoldings get(@PathParam("sku") String sku) {
        return holdings.of(Identifiers.requireSku(sku, "sku"));
    }
}

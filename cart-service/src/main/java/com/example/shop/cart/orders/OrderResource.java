package com.example.shop.cart.orders;

import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A shopper's order, reached by its number and the token the checkout answered. */
@Path("/orders")
@Tag(name = "orders", description = "A shopper's order, by its number and token")
@Produces(MediaType.APPLICATION_JSON)
@HttpCaching(CachePolicy.NO_STORE)
@ApplicationScoped
public class OrderResource {

    private final GetOrder getOrder;

    OrderResource(GetOrder getOrder) {
        this.getOrder = getOrder;
    }

    @GET
    @Path("/{number}")
    @Operation(operationId = "getOrder", summary = "An order: its lines as sold, totals, payment, status and history",
            description = "Needs the token a checkout answered with the order (header Order-Token). A missing or wrong token "
                    + "answers 404, as a number that is no order's does.")
    @APIResponse(responseCode = "200", description = "The order",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderView.class)))
    @APIResponse(responseCode = "400", description = "Not an order number")
    @APIResponse(responseCode = "404", description = "No such order, or a missing or wrong token")
    public OrderView get(@PathParam("number") @Parameter(description = "The order's number") String number,
                         @Parameter(in = ParameterIn.HEADER, required = true, description = "The token the checkout answered with the order",
                                 schema = @Schema(type = SchemaType.STRING))
                         @HeaderParam("Order-Token") String token) {
        return getOrder.forShopper(GetOrder.number(number), token);
    }
}

package com.example.shop.cart.orders;

import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Orders as the merchant sees and changes them: one order by its number, its cancel (the whole
 * order: its units back to stock, its payment refunded) and its fulfilment.
 */
@Path("/admin/orders")
@Tag(name = "admin orders", description = "Admin: orders, their cancel and fulfilment")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
@ApplicationScoped
public class AdminOrdersResource {

    private final GetOrder getOrder;
    private final CancelOrder cancelOrder;
    private final FulfilOrder fulfilOrder;

    AdminOrdersResource(GetOrder getOrder, CancelOrder cancelOrder, FulfilOrder fulfilOrder) {
        this.getOrder = getOrder;
        this.cancelOrder = cancelOrder;
        this.fulfilOrder = fulfilOrder;
    }

    @GET
    @Path("/{number}")
    @Operation(operationId = "getAdminOrder", summary = "One order by its number (admin)")
    @APIResponse(responseCode = "200", description = "The order",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderView.class)))
    @APIResponse(responseCode = "400", description = "Not an order number")
    @APIResponse(responseCode = "404", description = "No such order")
    public OrderView get(@PathParam("number") @Parameter(description = "The order's number") String number) {
        return getOrder.forAdmin(GetOrder.number(number));
    }

    @POST
    @Path("/{number}/cancel")
    @Operation(operationId = "cancelOrder", summary = "Cancel a whole order: its units back to stock, its payment refunded (admin)",
            description = "Only a whole order is cancelled, never one of its lines. Each line's units return to available stock once, "
                    + "and the payment is refunded under the key refund:<order>, however often this is asked: a cancelled order is "
                    + "answered as it is, and a cancel that stopped part-way is finished first.")
    @APIResponse(responseCode = "200", description = "The order, cancelled",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderView.class)))
    @APIResponse(responseCode = "400", description = "Not an order number")
    @APIResponse(responseCode = "404", description = "No such order")
    @APIResponse(responseCode = "409", description = "order-fulfilled: a fulfilled order cannot be cancelled")
    public OrderView cancel(@PathParam("number") @Parameter(description = "The order's number") String number) {
        return cancelOrder.cancel(GetOrder.number(number));
    }

    @POST
    @Path("/{number}/fulfil")
    @Operation(operationId = "fulfilOrder", summary = "Mark an order fulfilled (admin)",
            description = "A fulfilled order is answered as it is.")
    @APIResponse(responseCode = "200", description = "The order, fulfilled",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderView.class)))
    @APIResponse(responseCode = "400", description = "Not an order number")
    @APIResponse(responseCode = "404", description = "No such order")
    @APIResponse(responseCode = "409", description = "order-cancelled: a cancelled order cannot be fulfilled")
    public OrderView fulfil(@PathParam("number") @Parameter(description = "The order's number") String number) {
        return fulfilOrder.fulfil(GetOrder.number(number));
    }
}

package com.example.shop.cart.orders;

import com.example.shop.web.PageSize;
import com.example.shop.web.bulk.BulkImports;
import com.example.shop.web.bulk.NdjsonOutput;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Orders as the merchant sees and changes them: the list newest first (filtered by status, placing
 * time and sku), its NDJSON export, the sales summary, one order by its number, its cancel (the
 * whole order: its units back to stock, its payment refunded) and its fulfilment. The literal paths
 * ({@code export}, {@code summary}) win over {@code /{number}}.
 */
@Path("/admin/orders")
@Tag(name = "admin orders", description = "Admin: orders, their cancel and fulfilment")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
@ApplicationScoped
public class AdminOrdersResource {

    private static final String STATUSES = "placed, fulfilled or cancelled";
    private static final String TIME = "ISO-8601 time (2026-12-03T10:15:00Z) or date (2026-12-03, its midnight UTC)";

    private final ListOrders listOrders;
    private final SummarizeOrders summarizeOrders;
    private final GetOrder getOrder;
    private final CancelOrder cancelOrder;
    private final FulfilOrder fulfilOrder;
    private final ObjectMapper json;

    AdminOrdersResource(ListOrders listOrders, SummarizeOrders summarizeOrders, GetOrder getOrder, CancelOrder cancelOrder,
                        FulfilOrder fulfilOrder, ObjectMapper json) {
        this.listOrders = listOrders;
        this.summarizeOrders = summarizeOrders;
        this.getOrder = getOrder;
        this.cancelOrder = cancelOrder;
        this.fulfilOrder = fulfilOrder;
        this.json = json;
    }

    @GET
    @Operation(operationId = "listOrders", summary = "Orders, newest first, a page at a time (admin)",
            description = "Newest first by placing time, then number. status, from/to (placed in [from, to)) and sku narrow the list; "
                    + "next is the cursor of the following page.")
    @APIResponse(responseCode = "200", description = "A page of orders",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderPage.class)))
    @APIResponse(responseCode = "400", description = "A bad status, from, to or sku, limit outside 1..100, or not a cursor of this list "
            + "(the problem names it)")
    public OrderPage list(@QueryParam("status") @Parameter(description = "Only orders in this status: " + STATUSES,
                                  schema = @Schema(type = SchemaType.STRING, enumeration = {"placed", "fulfilled", "cancelled"})) String status,
                          @QueryParam("from") @Parameter(description = "Placed at or after this " + TIME) String from,
                          @QueryParam("to") @Parameter(description = "Placed before this " + TIME) String to,
                          @QueryParam("sku") @Parameter(description = "Only orders with a line of this sku") String sku,
                          @QueryParam("limit") @Parameter(description = "Page size 1..100, default 20") Integer limit,
                          @QueryParam("cursor") @Parameter(description = "The 'next' of the previous page, unchanged") String cursor) {
        int size = PageSize.of(limit, 20, 100);
        return listOrders.page(OrderFilter.of(status, from, to, sku), size, cursor);
    }

    @GET
    @Path("/export")
    @Produces(BulkImports.NDJSON)
    @Operation(operationId = "exportOrders", summary = "Orders as NDJSON, newest first, streamed (admin)",
            description = "One order a line, as GET /admin/orders/{number} answers it, selected by the list's filters.")
    @APIResponse(responseCode = "200", description = "One order a line",
            content = @Content(mediaType = BulkImports.NDJSON, schema = @Schema(implementation = OrderView.class)))
    @APIResponse(responseCode = "400", description = "A bad status, from, to or sku (the problem names it)")
    public StreamingOutput export(@QueryParam("status") @Parameter(description = "Only orders in this status: " + STATUSES,
                                          schema = @Schema(type = SchemaType.STRING, enumeration = {"placed", "fulfilled", "cancelled"}))
                                  String status,
                                  @QueryParam("from") @Parameter(description = "Placed at or after this " + TIME) String from,
                                  @QueryParam("to") @Parameter(description = "Placed before this " + TIME) String to,
                                  @QueryParam("sku") @Parameter(description = "Only orders with a line of this sku") String sku) {
        OrderFilter filter = OrderFilter.of(status, from, to, sku); // refused before the answer starts
        return NdjsonOutput.of(listOrders.all(filter), json);
    }

    @GET
    @Path("/summary")
    @Operation(operationId = "summarizeOrders", summary = "Sales per day and the top skus over a range (admin)",
            description = "Orders placed in [from, to), at most 366 days, cancelled ones left out: per UTC day the orders, units "
                    + "and revenue (per currency), and the skus that sold the most units.")
    @APIResponse(responseCode = "200", description = "The summary",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SalesSummary.class)))
    @APIResponse(responseCode = "400", description = "from or to missing or bad, a range over 366 days, or limit outside 1..100 "
            + "(the problem names it)")
    public SalesSummary summary(@QueryParam("from") @Parameter(required = true, description = "The range's start, an " + TIME) String from,
                                @QueryParam("to") @Parameter(required = true, description = "The range's end (not included), an " + TIME)
                                String to,
                                @QueryParam("limit") @Parameter(description = "How many top skus, 1..100, default 10") Integer limit) {
        int top = PageSize.of(limit, 10, 100);
        return summarizeOrders.summarize(from, to, top);
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

package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartProblems;
import com.example.shop.web.PageSize;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.example.shop.web.identifiers.Identifiers;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Webhook subscriptions and their delivery logs (admin). A subscription names a receiver URL, the
 * event types it wants and the secret its requests are signed with (Standard Webhooks); see
 * docs/design.md, Webhooks.
 */
@Path("/admin/webhooks")
@Tag(name = "admin webhooks", description = "Admin: webhook subscriptions, their delivery logs and redeliveries")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
@ApplicationScoped
public class WebhooksResource {

    private static final int DEFAULT_LIMIT = 20;
    private static final int MAX_LIMIT = 100;

    private final CreateSubscription create;
    private final ReadSubscriptions read;
    private final ChangeSubscription change;
    private final DeleteSubscription delete;
    private final DeliveryLog log;
    private final Redeliver redeliver;

    WebhooksResource(CreateSubscription create, ReadSubscriptions read, ChangeSubscription change, DeleteSubscription delete,
                     DeliveryLog log, Redeliver redeliver) {
        this.create = create;
        this.read = read;
        this.change = change;
        this.delete = delete;
        this.log = log;
        this.redeliver = redeliver;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createWebhookSubscription", summary = "Subscribe a receiver to event types (admin)",
            description = "The answer holds the secret, generated when none is given: the only time it is shown. The receiver's "
                    + "host must resolve to a public address (unless cart.webhooks.allow-private-addresses).")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = NewSubscription.class)))
    @APIResponse(responseCode = "201", description = "Created, with its secret; Location names it",
            headers = @Header(name = "Location", description = "The subscription", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SubscriptionView.class)))
    @APIResponse(responseCode = "422", description = "receiver-refused (field url): the host resolves to a private, loopback, "
            + "link-local or unspecified address, or does not resolve")
    public Response create(@NotNull NewSubscription body, @Context UriInfo uri) {
        SubscriptionView created = create.create(body);
        return Response.created(uri.getBaseUriBuilder().path("admin").path("webhooks").path(created.id()).build()).entity(created).build();
    }

    @GET
    @Operation(operationId = "listWebhookSubscriptions", summary = "The subscriptions, in id order (admin)")
    @APIResponse(responseCode = "200", description = "A page of subscriptions")
    @APIResponse(responseCode = "400", description = "limit outside 1..100, or not a cursor of this list")
    public SubscriptionView.Page list(@QueryParam("limit") @Parameter(description = "Page size 1..100, default 20") Integer limit,
                                      @QueryParam("cursor") @Parameter(description = "The 'next' of the previous page") String cursor) {
        return read.page(cursor, PageSize.of(limit, DEFAULT_LIMIT, MAX_LIMIT));
    }

    @GET
    @Path("/{id}")
    @Operation(operationId = "getWebhookSubscription", summary = "One subscription, without its secret (admin)")
    @APIResponse(responseCode = "200", description = "The subscription")
    @APIResponse(responseCode = "404", description = "No such subscription")
    public SubscriptionView get(@PathParam("id") String id) {
        return read.get(subscriptionId(id));
    }

    @PATCH
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "changeWebhookSubscription", summary = "Change a subscription's URL, events, secret or enabled flag (admin)",
            description = "Only the fields given change. enabled: false stops its deliveries (those pending fail as disabled).")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = SubscriptionChange.class)))
    @APIResponse(responseCode = "200", description = "The subscription as changed")
    @APIResponse(responseCode = "404", description = "No such subscription")
    @APIResponse(responseCode = "409", description = "concurrent-modification: changed concurrently too often")
    @APIResponse(responseCode = "422", description = "receiver-refused (field url)")
    public SubscriptionView change(@PathParam("id") String id, @NotNull SubscriptionChange body) {
        return change.change(subscriptionId(id), body);
    }

    @DELETE
    @Path("/{id}")
    @Operation(operationId = "deleteWebhookSubscription", summary = "Delete a subscription, its pending deliveries and its log (admin)")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "404", description = "No such subscription")
    public Response delete(@PathParam("id") String id) {
        delete.delete(subscriptionId(id));
        return Response.noContent().build();
    }

    @GET
    @Path("/{id}/deliveries")
    @Operation(operationId = "listWebhookDeliveries", summary = "A subscription's deliveries, newest first, with their attempts (admin)",
            description = "Each delivery is one event: its state, when its next attempt is due, and its attempts with their time, "
                    + "status, latency and error. Kept for cart.webhooks.keep-for.")
    @APIResponse(responseCode = "200", description = "A page of deliveries")
    @APIResponse(responseCode = "400", description = "limit outside 1..100, or not a cursor of this list")
    @APIResponse(responseCode = "404", description = "No such subscription")
    public DeliveryView.Page deliveries(@PathParam("id") String id,
                                        @QueryParam("limit") @Parameter(description = "Page size 1..100, default 20") Integer limit,
                                        @QueryParam("cursor") @Parameter(description = "The 'next' of the previous page") String cursor) {
        return log.page(subscriptionId(id), cursor, PageSize.of(limit, DEFAULT_LIMIT, MAX_LIMIT));
    }

    @POST
    @Path("/{id}/deliveries/{delivery}/redeliver")
    @Operation(operationId = "redeliverWebhook", summary = "Send one event to the subscription again, under the same webhook-id (admin)",
            description = "The delivery is pending again, due now, with a new retry window.")
    @APIResponse(responseCode = "202", description = "Pending again",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DeliveryView.class)))
    @APIResponse(responseCode = "404", description = "No such subscription, or no such delivery of it (or its event is no longer kept)")
    public Response redeliver(@PathParam("id") String id,
                              @PathParam("delivery") @Parameter(description = "The delivery's id: its event's, the webhook-id") String delivery) {
        return Response.accepted(redeliver.redeliver(subscriptionId(id), delivery)).build();
    }

    /** A subscription id is an ObjectId's 24 hexadecimal digits: anything else names none. */
    private static String subscriptionId(String id) {
        if (!Identifiers.isObjectId(id)) {
            throw CartProblems.noSuchSubscription(id);
        }
        return id;
    }
}

package com.example.shop.cart.carts;

import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.example.shop.web.identifiers.Identifiers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Storefront cart API; a cart is reachable only by its unguessable id. */
@Path("/carts")
@Tag(name = "carts", description = "Shopping carts: reserve stock on add, change quantities")
@Produces(MediaType.APPLICATION_JSON)
@HttpCaching(CachePolicy.NO_STORE)
@ApplicationScoped
public class CartResource {

    private final CreateCart createCart;
    private final GetCart getCart;
    private final AddToCart addToCart;
    private final ChangeLine changeLine;

    CartResource(CreateCart createCart, GetCart getCart, AddToCart addToCart, ChangeLine changeLine) {
        this.createCart = createCart;
        this.getCart = getCart;
        this.addToCart = addToCart;
        this.changeLine = changeLine;
    }

    @POST
    @Operation(operationId = "createCart", summary = "Create an empty active cart",
            description = "A new active cart with an unguessable id, the only thing that grants access to it.")
    @APIResponse(responseCode = "201", description = "Created; Location names the cart",
            headers = @Header(name = "Location", description = "The cart's URL", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CartView.class)))
    public Response create(@Context UriInfo uri) {
        CartView cart = createCart.create();
        return Response.created(uri.getBaseUriBuilder().path("carts").path(cart.id()).build()).entity(cart).build();
    }

    @GET
    @Path("/{id}")
    @Operation(operationId = "getCart", summary = "A cart: status, lines with the unit price captured at add time, totals",
            description = "Lines carry the title, type and unit price copied from the catalog when the line was created; amounts are integer minor units.")
    @APIResponse(responseCode = "200", description = "The cart")
    @APIResponse(responseCode = "400", description = "Malformed cart id")
    @APIResponse(responseCode = "404", description = "No such cart")
    public CartView get(@PathParam("id") String id) {
        return getCart.view(CartIds.require(id));
    }

    @POST
    @Path("/{id}/items")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "addCartItem", summary = "Reserve stock and add it to the cart (grows the sku's line if present)",
            description = "Reserves qty units of the sku in the inventory first, then adds them to the cart's line for the sku; if the cart write fails, the reservation is returned. Nothing is reserved on any error.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AddItem.class)))
    @APIResponse(responseCode = "200", description = "Reserved and added")
    @APIResponse(responseCode = "400", description = "Malformed cart id or body")
    @APIResponse(responseCode = "404", description = "No such cart")
    @APIResponse(responseCode = "409", description = "insufficient-inventory (with available), cart-inactive, line-limit (with max; with product and scope: product when the limit counts all the product's variants), variant-retired, too-many-lines, too-many-holders, currency-mismatch")
    @APIResponse(responseCode = "422", description = "unknown-sku: the catalog has no such product; variant-required (with variants): the sku is the key of a product with options, not one of its variants")
    @APIResponse(responseCode = "503", description = "The catalog is unreachable or too slow; nothing reserved")
    public CartView add(@PathParam("id") String id, @Valid @NotNull AddItem body) {
        return addToCart.add(CartIds.require(id), body.sku(), body.qty());
    }

    @PUT
    @Path("/{id}/items/{sku}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "changeCartItem", summary = "Set a line's quantity, reserving or returning the difference; 0 removes the line",
            description = "Reserves the increase first, or, for a decrease, reduces the line first and then returns the difference; 0 removes the line.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ChangeQuantity.class)))
    @APIResponse(responseCode = "200", description = "The cart after the change")
    @APIResponse(responseCode = "400", description = "Malformed cart id, sku or body")
    @APIResponse(responseCode = "404", description = "No such cart, or no line for this sku")
    @APIResponse(responseCode = "409", description = "insufficient-inventory (with available), cart-inactive, line-limit (with max), variant-retired (an increase)")
    public CartView change(@PathParam("id") String id, @PathParam("sku") String sku, @Valid @NotNull ChangeQuantity body) {
        return changeLine.change(CartIds.require(id), Identifiers.requireSku(sku, "sku"), body.qty());
    }

    @DELETE
    @Path("/{id}/items/{sku}")
    @Operation(operationId = "removeCartItem", summary = "Remove a line and return its stock",
            description = "Removes the line from the cart, then returns its units to the inventory.")
    @APIResponse(responseCode = "200", description = "The cart without the line")
    @APIResponse(responseCode = "400", description = "Malformed cart id or sku")
    @APIResponse(responseCode = "404", description = "No such cart, or no line for this sku")
    @APIResponse(responseCode = "409", description = "cart-inactive")
    public CartView remove(@PathParam("id") String id, @PathParam("sku") String sku) {
        return changeLine.change(CartIds.require(id), Identifiers.requireSku(sku, "sku"), 0);
    }
}

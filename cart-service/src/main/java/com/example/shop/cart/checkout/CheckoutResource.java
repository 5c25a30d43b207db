package com.example.shop.cart.checkout;

import com.example.shop.cart.cart.CartIds;
import com.example.shop.cart.checkout.CheckoutRecords.CheckoutRequest;
import com.example.shop.cart.checkout.CheckoutRecords.CheckoutResult;
import com.example.shop.cart.problems.CartProblems;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/carts/{id}/checkout")
@Tag(name = "checkout")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class CheckoutResource {

    private static final Pattern KEY = Pattern.compile("^[A-Za-z0-9._:-]{1,100}$");

    @Inject
    Checkout checkout;

    @POST
    @Operation(summary = "Lock the cart, collect payment, complete it; idempotent per Idempotency-Key")
    @APIResponse(responseCode = "200", description = "Paid: the cart is complete",
            content = @Content(schema = @Schema(implementation = CheckoutResult.class)))
    @APIResponse(responseCode = "202", description = "Payment outcome not known yet: the cart stays pending until the stalled-checkout job resolves it",
            content = @Content(schema = @Schema(implementation = CheckoutResult.class)))
    @APIResponse(responseCode = "400", description = "Missing or invalid Idempotency-Key or payment body")
    @APIResponse(responseCode = "402", description = "Payment declined: the cart is active again with its reservations")
    @APIResponse(responseCode = "404", description = "No such cart")
    @APIResponse(responseCode = "409", description = "cart-inactive, empty-cart or checkout-abandoned")
    public Response checkout(@PathParam("id") String id, @HeaderParam("Idempotency-Key") String key,
                             @Valid @NotNull CheckoutRequest body) {
        if (key == null || !KEY.matcher(key).matches()) {
            throw CartProblems.missingIdempotencyKey();
        }
        CheckoutResult result = checkout.checkout(CartIds.require(id), key, body.payment());
        return Response.status("pending".equals(result.payment()) ? 202 : 200).entity(result).build();
    }
}

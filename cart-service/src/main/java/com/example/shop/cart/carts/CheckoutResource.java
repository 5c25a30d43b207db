package com.example.shop.cart.carts;

import com.example.shop.cart.CartProblems;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import jakarta.enterprise.context.ApplicationScoped;
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
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/carts/{id}/checkout")
@Tag(name = "checkout", description = "Paying for a cart, idempotent per key")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@HttpCaching(CachePolicy.NO_STORE)
@ApplicationScoped
public class CheckoutResource {

    private static final String KEY_PATTERN = "^[A-Za-z0-9._:-]{1,100}$";
    private static final Pattern KEY = Pattern.compile(KEY_PATTERN);

    private final Checkout checkout;

    CheckoutResource(Checkout checkout) {
        this.checkout = checkout;
    }

    @POST
    @Operation(operationId = "checkoutCart", summary = "Lock the cart, collect payment, complete it; idempotent per Idempotency-Key",
            description = "Locks the cart (pending), charges its total through the payment gateway, then completes it and turns its reservations into sales. A declined payment leaves the cart active with its reservations; an unknown outcome leaves it pending for the stalled-checkout job. The same Idempotency-Key always gets the first outcome.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CheckoutRequest.class)))
    @APIResponse(responseCode = "200", description = "Paid: the cart is complete",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CheckoutResult.class)))
    @APIResponse(responseCode = "202", description = "Payment outcome not known yet: the cart stays pending until the stalled-checkout job resolves it",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CheckoutResult.class)))
    @APIResponse(responseCode = "400", description = "Missing or invalid Idempotency-Key or payment body")
    @APIResponse(responseCode = "402", description = "Payment declined: the cart is active again with its reservations")
    @APIResponse(responseCode = "404", description = "No such cart")
    @APIResponse(responseCode = "409", description = "cart-inactive, empty-cart or checkout-abandoned")
    public Response checkout(@PathParam("id") String id,
                             @Parameter(in = ParameterIn.HEADER, required = true,
                                     description = "The client's key for this checkout (1-100 of A-Z a-z 0-9 . _ : -); a retry with the same key gets the first outcome",
                                     schema = @Schema(type = SchemaType.STRING, pattern = KEY_PATTERN))
                             @HeaderParam("Idempotency-Key") String key,
                             @Valid @NotNull CheckoutRequest body) {
        if (key == null || !KEY.matcher(key).matches()) {
            throw CartProblems.missingIdempotencyKey();
        }
        CheckoutResult result = checkout.checkout(CartIds.require(id), key, body.payment());
        return Response.status(CheckoutState.PENDING.wire().equals(result.payment()) ? 202 : 200).entity(result).build();
    }
}

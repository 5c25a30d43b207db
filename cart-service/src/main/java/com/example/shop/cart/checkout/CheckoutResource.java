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
    public Response checkout(@PathParam("id") String id, @HeaderParam("Idempotency-Key") String key,
                             @Valid @NotNull CheckoutRequest body) {
        if (key == null || !KEY.matcher(key).matches()) {
            throw CartProblems.missingIdempotencyKey();
        }
        CheckoutResult result = checkout.checkout(CartIds.require(id), key, body.payment());
        return Response.status("pending".equals(result.payment()) ? 202 : 200).entity(result).build();
    }
}

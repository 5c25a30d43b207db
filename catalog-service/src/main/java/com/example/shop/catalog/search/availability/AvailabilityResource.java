package com.example.shop.catalog.search.availability;

import com.example.shop.catalog.ServiceSecret;
import com.example.shop.web.identifiers.Identifiers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code POST /internal/availability}: the cart service reports skus that sold out or came back
 * ({@link ApplyTransitions}). Internal: the gateway routes no {@code /api/internal} path, so it is
 * neither reachable through it nor part of any API document (the catalog README describes it). It
 * needs the {@link ServiceSecret} when one is set.
 */
@ApplicationScoped
@Path("/internal/availability")
@Produces(MediaType.APPLICATION_JSON)
public class AvailabilityResource {

    /** Most transitions in one call. */
    static final int MAX_BATCH = 1000;

    public record Body(@NotNull @Size(max = MAX_BATCH) List<@NotNull @Valid Item> transitions) {
    }

    public record Item(@NotNull @Pattern(regexp = Identifiers.SKU, message = "must be " + Identifiers.SKU_RULE) String sku,
                       @NotNull Boolean available,
                       @NotNull @Min(0) Long seq) {
    }

    private final ApplyTransitions apply;
    private final ServiceSecret secret;

    AvailabilityResource(ApplyTransitions apply, ServiceSecret secret) {
        this.apply = apply;
        this.secret = secret;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    // hidden from this service's API document: not a public operation (the gateway does not route it either)
    @Operation(hidden = true, operationId = "reportAvailability", summary = "Availability transitions from the cart service (internal)",
            description = "Each item says a sku became sold out (available=false) or available again, with seq the revision of "
                    + "the cart's stock document that has this state. Per sku only a higher seq than the one recorded changes "
                    + "anything, so reports may arrive twice or out of order. Listings of every replica follow within the change "
                    + "feed's delay (about 0.2 s).")
    @APIResponse(responseCode = "200", description = "{applied, stale}: how many changed the catalog and how many were not newer")
    @APIResponse(responseCode = "400", description = "Invalid body (the problem names the field)")
    @APIResponse(responseCode = "401", description = "catalog.availability.secret is set and the call does not carry it")
    public Map<String, Integer> report(@HeaderParam("Authorization") String authorization, @Valid @NotNull Body body) {
        secret.require(authorization);
        ApplyTransitions.Outcome outcome = apply.apply(body.transitions().stream()
                .map(item -> new Transition(item.sku(), item.available(), item.seq())).toList());
        return Map.of("applied", outcome.applied(), "stale", outcome.stale());
    }
}

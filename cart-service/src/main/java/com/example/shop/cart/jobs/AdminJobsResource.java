package com.example.shop.cart.jobs;

import com.example.shop.cart.config.CartConfig;
import com.example.shop.cart.jobs.JobReports.CheckoutReport;
import com.example.shop.cart.jobs.JobReports.CleanupReport;
import com.example.shop.cart.jobs.JobReports.ExpiryReport;
import com.example.shop.web.Problems;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Runs a job now (admin). {@code olderThan} (ISO-8601 duration, e.g. PT0S) overrides the
 * configured threshold for this run; a threshold shorter than a request's duration is only safe
 * when no requests are in flight.
 */
@Path("/admin/jobs")
@Tag(name = "admin")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@SecurityRequirement(name = "jwt")
public class AdminJobsResource {

    @Inject
    CartConfig config;
    @Inject
    ExpireCarts expireCarts;
    @Inject
    CleanupInventory cleanupInventory;
    @Inject
    ResolveCheckouts resolveCheckouts;

    @POST
    @Path("/expire-carts")
    @Operation(summary = "Expire carts inactive for longer than cart.expiry.inactive-after (or olderThan)")
    public ExpiryReport expire(@QueryParam("olderThan") String olderThan) {
        return expireCarts.run(duration(olderThan, config.expiry().inactiveAfter()));
    }

    @POST
    @Path("/cleanup-inventory")
    @Operation(summary = "Return reservations older than cart.cleanup.older-than (or olderThan) that no cart holds")
    public CleanupReport cleanup(@QueryParam("olderThan") String olderThan) {
        return cleanupInventory.run(duration(olderThan, config.cleanup().olderThan()));
    }

    @POST
    @Path("/resolve-checkouts")
    @Operation(summary = "Resolve checkouts pending for longer than cart.checkout.stalled-after (or olderThan)")
    public CheckoutReport resolve(@QueryParam("olderThan") String olderThan) {
        return resolveCheckouts.run(duration(olderThan, config.checkout().stalledAfter()));
    }

    private static Duration duration(String given, Duration configured) {
        if (given == null) {
            return configured;
        }
        try {
            Duration parsed = Duration.parse(given);
            if (parsed.isNegative()) {
                throw Problems.invalidField("olderThan", "Query parameter 'olderThan' must not be negative");
            }
            return parsed;
        } catch (DateTimeParseException e) {
            throw Problems.invalidField("olderThan", "Query parameter 'olderThan' must be an ISO-8601 duration such as PT15M");
        }
    }
}

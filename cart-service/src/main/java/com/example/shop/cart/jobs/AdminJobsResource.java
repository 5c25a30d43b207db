package com.example.shop.cart.jobs;

import com.example.shop.cart.CartProblems;
import com.example.shop.problems.Problems;
import com.example.shop.web.PageSize;
import com.example.shop.web.WireName;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.example.shop.web.runs.Run;
import com.example.shop.web.runs.RunPage;
import com.example.shop.web.runs.RunStarted;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Long admin work as job runs: {@code POST /admin/jobs/{job}} starts one in the background and
 * answers 202 with its location, or the location of the run of that job already going on (on any
 * replica); {@code GET /admin/jobs/runs/{id}} follows it; {@code GET /admin/jobs/runs} lists them,
 * scheduled runs included. {@code olderThan} (ISO-8601 duration, e.g. PT0S) overrides the
 * configured threshold for a run started by this call; a threshold shorter than a request's
 * duration is only safe when no requests are in flight.
 */
@Path("/admin/jobs")
@Tag(name = "admin jobs", description = "Admin: expiry, cleanup and stalled-checkout resolution as recorded runs")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("admin")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
@ApplicationScoped
public class AdminJobsResource {

    private static final String RUNS = "/admin/jobs/runs/";
    private static final int DEFAULT_LIMIT = 20;
    private static final int MAX_LIMIT = 100;

    private final JobRunner runner;

    AdminJobsResource(JobRunner runner) {
        this.runner = runner;
    }

    @POST
    @Path("/{job}")
    @Operation(operationId = "startJobRun", summary = "Start a run of a job in the background, or find the one already running",
            description = "expire-carts: carts inactive for longer than cart.expiry.inactive-after; cleanup-inventory: "
                    + "reservations older than cart.cleanup.older-than that no cart holds; resolve-checkouts: checkouts "
                    + "pending for longer than cart.checkout.stalled-after, paid carts without their sale or order, and "
                    + "order cancels that stopped part-way; send-webhooks: fans out and delivers webhook events until "
                    + "idle for cart.webhooks.idle-for (olderThan overrides it; PT0S sends what is due and ends); follow-product-changes: "
                    + "turns the catalog's product changes into product.changed events while a subscription wants them, reading "
                    + "every cart.webhooks.follow-every (olderThan overrides it). A job never runs twice at once: while a run "
                    + "of it is going on (on any replica), this answers that run.")
    @APIResponse(responseCode = "202", description = "The run (started now, or already running); follow Location",
            headers = @Header(name = "Location", description = "The run: /admin/jobs/runs/{id}", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Run.class)))
    @APIResponse(responseCode = "400", description = "olderThan is not a non-negative ISO-8601 duration, or an unknown query parameter")
    @APIResponse(responseCode = "404", description = "No such job")
    public Response start(@PathParam("job") @Parameter(description = "The job",
                                  schema = @Schema(type = SchemaType.STRING, enumeration = {"expire-carts", "cleanup-inventory", "resolve-checkouts", "send-webhooks", "follow-product-changes"}))
                          String job,
                          @QueryParam("olderThan") @Parameter(description = "ISO-8601 duration overriding the job's configured threshold for this run, e.g. PT0S")
                          String olderThan) {
        JobName name = WireName.find(JobName.class, job)
                .orElseThrow(() -> CartProblems.noSuchJob(job, WireName.all(JobName.class)));
        JobRunner.Started started = olderThan == null ? runner.start(name, RunTrigger.MANUAL)
                : runner.start(name, RunTrigger.MANUAL, olderThan(olderThan));
        return RunStarted.accepted(RUNS + started.run().id(), started.run());
    }

    @GET
    @Path("/runs/{id}")
    @Operation(operationId = "getJobRun", summary = "One job run: state, counts so far, start and end",
            description = "Where the run is (running, succeeded or failed), its counts so far, when it started and ended, and why it failed (a run-failed problem). A run whose replica stopped is shown failed (abandoned).")
    @APIResponse(responseCode = "200", description = "The run")
    @APIResponse(responseCode = "404", description = "No run with this id")
    public Run run(@PathParam("id") @Parameter(description = "The run's id") String id) {
        return runner.find(id).orElseThrow(() -> CartProblems.noSuchJobRun(id));
    }

    @GET
    @Path("/runs")
    @Operation(operationId = "listJobRuns", summary = "Job runs, newest first, manual and scheduled",
            description = "Manual and scheduled runs of the jobs, newest first, a page at a time (limit, cursor); job narrows to one job. Finished runs are kept for cart.jobs.keep-runs-for.")
    @APIResponse(responseCode = "200", description = "One page of runs")
    @APIResponse(responseCode = "400", description = "Unknown job, limit out of 1..100, or a cursor this service did not write (the problem names it)")
    public RunPage list(
            @QueryParam("job") @Parameter(description = "Only runs of this job",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"expire-carts", "cleanup-inventory", "resolve-checkouts", "send-webhooks", "follow-product-changes"}))
            String job,
            @QueryParam("limit") @Parameter(description = "Page size 1..100, default 20") Integer limit,
            @QueryParam("cursor") @Parameter(description = "The 'next' of the previous page, unchanged") String cursor) {
        JobName name = job == null ? null : WireName.find(JobName.class, job).orElseThrow(() ->
                Problems.invalidField("job", "Query parameter 'job' must be one of " + WireName.all(JobName.class)));
        return runner.page(name, cursor, PageSize.of(limit, DEFAULT_LIMIT, MAX_LIMIT));
    }

    /** The {@code olderThan} of a start: a duration, not negative. */
    private static Duration olderThan(String given) {
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

package com.example.shop.web.runs;

import jakarta.ws.rs.core.Response;
import java.net.URI;

/**
 * The answer to a request that starts a run (an import, a search index verify or rebuild): 202
 * Accepted, the run as it stands as the body, and the run's URL as {@code Location}, which the
 * client follows for the run's progress and end.
 */
public final class RunStarted {

    private RunStarted() {
    }

    /** {@code runPath} is the run's path on this service; JAX-RS makes the {@code Location} absolute on the request's host. */
    public static Response accepted(String runPath, Object run) {
        return Response.status(Response.Status.ACCEPTED).location(URI.create(runPath)).entity(run).build();
    }
}

package com.example.shop.web.runs;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/**
 * The answer to a request that starts a run (an import, a search index verify or rebuild, a cart
 * job): 202 Accepted, the run as it stands as the body, and the run's path as {@code Location},
 * which the client follows for the run's progress and end.
 * <p>
 * The {@code Location} is the path as written, a relative reference (RFC 9110, section 10.2.2):
 * JAX-RS would make a {@code URI} absolute from this service's own view of the request, whose scheme
 * and host are not the client's behind a proxy that terminates TLS. The gateway turns the path into
 * its public {@code /api/...} form.
 */
public final class RunStarted {

    private RunStarted() {
    }

    /** {@code runPath}: the run's path on this service, such as {@code /admin/jobs/runs/<id>}. */
    public static Response accepted(String runPath, Object run) {
        return Response.status(Response.Status.ACCEPTED).header(HttpHeaders.LOCATION, runPath).entity(run).build();
    }
}

package com.example.shop.category.support;

import com.example.shop.problems.Problem;
import com.example.shop.web.ProblemResponses;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Test-only: answers a {@link SimulatedCrash} as an unexpected failure (a 500 problem, as a client
 * would see a request whose process died behind a proxy), with one log line instead of the stack
 * trace an unexpected exception gets.
 */
public class SimulatedCrashMapper {

    private static final Logger LOG = Logger.getLogger(SimulatedCrashMapper.class);

    @ServerExceptionMapper
    public Response crashed(SimulatedCrash e) {
        LOG.warn("Injected fault: " + e.getMessage());
        return ProblemResponses.of(Problem.of(500, "internal-error", "Internal error", "The request could not be completed."));
    }
}

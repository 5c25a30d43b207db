package com.example.shop.category.rest;

import com.example.shop.category.tree.InterruptedOperation;
import com.example.shop.problems.Problem;
import com.example.shop.web.ProblemResponses;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** A fault injected by a test: answered like a crash would leave the client, without a stack trace in the log. */
public class InterruptedOperationMapper {

    private static final Logger LOG = Logger.getLogger(InterruptedOperationMapper.class);

    @ServerExceptionMapper
    public Response interrupted(InterruptedOperation e) {
        LOG.warn("Injected fault: " + e.getMessage());
        return ProblemResponses.of(Problem.of(500, "internal-error", "Internal error", "The request could not be completed."));
    }
}

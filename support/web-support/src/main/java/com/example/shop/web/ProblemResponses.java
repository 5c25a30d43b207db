package com.example.shop.web;

import com.example.shop.problems.Problem;
import jakarta.ws.rs.core.Response;

/** Turns a problem into a response: the one place the problem media type is set (Jackson writes the body). */
public final class ProblemResponses {

    /**
     * Seconds a client should wait before repeating a request that got a 503: a dependency that is
     * down or busy (the database electing a new primary, another service restarting). Short,
     * because each request already waits for the database up to its server-selection timeout.
     */
    static final String RETRY_AFTER_SECONDS = "2";

    private ProblemResponses() {
    }

    public static Response of(Problem problem) {
        Response.ResponseBuilder response = Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem);
        if (problem.status() == 503) {
            response.header("Retry-After", RETRY_AFTER_SECONDS);
        }
        return response.build();
    }
}

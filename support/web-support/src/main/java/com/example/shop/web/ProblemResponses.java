package com.example.shop.web;

import jakarta.ws.rs.core.Response;

/** Turns a problem into a response: the one place the problem media type is set. */
public final class ProblemResponses {

    private ProblemResponses() {
    }

    public static Response of(Problem problem) {
        return Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem).build();
    }
}

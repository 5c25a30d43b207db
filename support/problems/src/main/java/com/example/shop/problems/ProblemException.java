package com.example.shop.problems;

/**
 * Thrown by any layer to answer with a problem. The stack trace is never sent to the client, and
 * is not filled in because these are expected outcomes, not failures.
 */
public class ProblemException extends RuntimeException {

    private final Problem problem;

    public ProblemException(Problem problem) {
        super(problem.detail(), null, false, false);
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }

    /** The same problem with one more extension member ({@link Problem#with}), for a kind's own details. */
    public ProblemException with(String member, Object value) {
        return new ProblemException(problem.with(member, value));
    }
}

package com.example.shop.problems;

/**
 * The kinds of problem any API of this platform has, built in one place. Each returns the
 * exception to throw; its {@link ProblemException#problem()} is the document (the gateway, which
 * writes problems itself, takes that). A service's own kinds (insufficient-inventory, cycle, ...)
 * live in that service's problems class.
 */
public final class Problems {

    private Problems() {
    }

    public static ProblemException badRequest(String detail) {
        return new ProblemException(Problem.of(400, "bad-request", "Bad request", detail));
    }

    /** A field of the request (body field, header, query or path parameter) has an invalid value. */
    public static ProblemException invalidField(String field, String detail) {
        return new ProblemException(Problem.of(400, "invalid-field", "Invalid field", detail).with("field", field));
    }

    public static ProblemException unauthorized(String detail) {
        return new ProblemException(Problem.of(401, "unauthorized", "Unauthorized", detail));
    }

    public static ProblemException forbidden(String detail) {
        return new ProblemException(Problem.of(403, "forbidden", "Forbidden", detail));
    }

    public static ProblemException notFound(String detail) {
        return new ProblemException(Problem.of(404, "not-found", "Not found", detail));
    }

    public static ProblemException methodNotAllowed(String detail) {
        return new ProblemException(Problem.of(405, "method-not-allowed", "Method not allowed", detail));
    }

    public static ProblemException conflict(String slug, String title, String detail) {
        return new ProblemException(Problem.of(409, slug, title, detail));
    }

    /**
     * A write guarded by {@code If-Match} found {@code what} at another version than the one it
     * names: 412 with {@code currentVersion}, so that the client can read it again and retry.
     */
    public static ProblemException preconditionFailed(String what, long expectedVersion, Object currentVersion) {
        return new ProblemException(Problem.of(412, "precondition-failed", "Precondition failed",
                what + " is at version " + currentVersion + ", not " + expectedVersion + "; read it again and retry")
                .with("currentVersion", currentVersion));
    }

    /** A request body over {@code limitBytes}; the same words from the gateway and from a service. */
    public static ProblemException tooLarge(long limitBytes) {
        return new ProblemException(Problem.of(413, "payload-too-large", "Payload too large",
                "The request body is over the limit of " + limitBytes + " bytes"));
    }

    public static ProblemException preconditionRequired(String detail) {
        return new ProblemException(Problem.of(428, "precondition-required", "Precondition required", detail));
    }

    /**
     * A client's value as a problem's detail repeats it: the first 40 characters and an ellipsis
     * when it is longer, so that a problem never echoes a whole oversized parameter back.
     */
    public static String excerpt(String value) {
        return value.length() > 40 ? value.substring(0, 40) + "…" : value;
    }

    /** A service this one depends on (another service or the database) cannot answer now. */
    public static ProblemException unavailable(String dependency, String detail) {
        return new ProblemException(Problem.of(503, "service-unavailable", "Service unavailable", detail)
                .with("dependency", dependency));
    }
}

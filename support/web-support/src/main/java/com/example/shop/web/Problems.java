package com.example.shop.web;

/**
 * The problem kinds shared by every service. A service adds its own kinds (for example
 * {@code insufficient-inventory}) with {@link Problem#of}; these are the ones any API has.
 */
public final class Problems {

    private Problems() {
    }

    public static ProblemException badRequest(String detail) {
        return new ProblemException(Problem.of(400, "bad-request", "Bad request", detail));
    }

    /** A field of the request (body field, query or path parameter) has an invalid value. */
    public static ProblemException invalidField(String field, String detail) {
        return new ProblemException(Problem.of(400, "invalid-field", "Invalid field", detail).with("field", field));
    }

    public static ProblemException notFound(String detail) {
        return new ProblemException(Problem.of(404, "not-found", "Not found", detail));
    }

    public static ProblemException conflict(String slug, String title, String detail) {
        return new ProblemException(Problem.of(409, slug, title, detail));
    }

    public static ProblemException preconditionFailed(String detail) {
        return new ProblemException(Problem.of(412, "precondition-failed", "Precondition failed", detail));
    }

    public static ProblemException preconditionRequired(String detail) {
        return new ProblemException(Problem.of(428, "precondition-required", "Precondition required", detail));
    }

    /** A service this one depends on (another service or the database) cannot answer now. */
    public static ProblemException unavailable(String dependency, String detail) {
        return new ProblemException(Problem.of(503, "service-unavailable", "Service unavailable", detail)
                .with("dependency", dependency));
    }
}

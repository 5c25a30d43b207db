package com.example.shop.web.calls;

import jakarta.ws.rs.core.Response;

/**
 * How a service reads the error status of a call to another service of the platform (the cart's
 * to the catalog, the catalog's to the category service), the same in every REST client: 404 is
 * the other service's "no such thing" ({@link NotFound}, which the caller turns into its own
 * problem), any other error status is the other service failing. Each client's
 * {@code @ClientExceptionMapper} hands its error answers here.
 */
public final class ServiceCalls {

    private ServiceCalls() {
    }

    /** {@link NotFound} for a 404, else an {@link IllegalStateException} naming {@code service} and the status. */
    public static RuntimeException failure(Response response, String service) {
        if (response.getStatus() == 404) {
            return new NotFound(service);
        }
        return new IllegalStateException(service + " answered " + response.getStatus());
    }

    /** The other service answered 404: it has no such thing. A stack trace would say nothing more. */
    public static final class NotFound extends RuntimeException {
        NotFound(String service) {
            super(service + " answered 404", null, false, false);
        }
    }
}

package com.example.shop.gateway.proxy;

import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The request to a service as the reverse proxy holds it, made so that it is never reset once the
 * service's answer has been read completely.
 *
 * <p>vertx-http-proxy resets the request to the service when the client goes away (its answer
 * failed, or writing it failed). While the service is still answering that is right: the transfer
 * stops. But an HTTP/1.1 connection goes back to the pool the moment the service's answer has been
 * read, and may at once carry another client's request; a reset after that closes the connection
 * under the other request, which then fails with a 502 although nothing was wrong with it. Seen
 * under load whenever clients drop connections (a load generator stopping, a browser navigating).
 */
final class FinishedExchangeGuard {

    private FinishedExchangeGuard() {
    }

    /** {@code request}, whose resets are ignored once the service's answer has ended. */
    static HttpClientRequest guard(HttpClientRequest request) {
        AtomicBoolean answered = new AtomicBoolean();
        request.response().onSuccess(response -> whenEnded(response, answered));
        return (HttpClientRequest) Proxy.newProxyInstance(HttpClientRequest.class.getClassLoader(),
                new Class<?>[] {HttpClientRequest.class}, (proxy, method, args) -> {
                    if (method.getName().equals("reset") && answered.get()) {
                        return method.getReturnType() == boolean.class ? Boolean.FALSE : null;
                    }
                    try {
                        return method.invoke(request, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static void whenEnded(HttpClientResponse response, AtomicBoolean answered) {
        // end() gives a future of the answer's last byte; it adds nothing to how the body is read.
        response.end().onComplete(done -> answered.set(true));
    }
}

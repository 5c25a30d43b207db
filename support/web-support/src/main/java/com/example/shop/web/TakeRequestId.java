package com.example.shop.web;

import com.example.shop.publicapi.RequestIds;
import io.vertx.ext.web.Router;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import jakarta.interceptor.Interceptor;
import org.jboss.logging.MDC;

/**
 * Every request's {@code X-Request-Id}, the same in every service: the caller's when it is valid
 * (the gateway's, or the calling service's), a new one otherwise (RequestIds, the rule the gateway
 * applies too). It is put in the logging MDC under {@code requestId}, so that every log line of the
 * request carries it, and sent back in the answer's {@code X-Request-Id}; {@link ForwardRequestId}
 * passes it on to the services this one calls.
 *
 * <p>Quarkus serves each HTTP request on a Vert.x context of its own (a duplicated context), and
 * its MDC (VertxMDC) keeps the values of the current context there rather than in a thread-local:
 * they live exactly as long as the request and follow it from the event loop to the worker thread
 * of a blocking resource, to the fault-tolerance and REST-client calls it makes there, and to the
 * problem mappers. So nothing needs removing at the end and no other request can see the value.
 */
@Singleton
public class TakeRequestId {

    /**
     * The first route of the router, and installed before RequestBodyLimit's route of the same order
     * (this observer is notified first), so that its early 413 carries the id as well.
     */
    void install(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) Router router) {
        router.route().order(Integer.MIN_VALUE).handler(context -> {
            String id = RequestIds.keptOrNew(context.request().getHeader(RequestIds.HEADER));
            MDC.put(RequestIds.MDC_KEY, id);
            context.response().putHeader(RequestIds.HEADER, id);
            context.next();
        });
    }

    /** The id of the request being served on this thread's Vert.x context, or null outside a request. */
    static String current() {
        Object id = MDC.get(RequestIds.MDC_KEY);
        return id == null ? null : id.toString();
    }
}

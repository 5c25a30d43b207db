package com.example.shop.web;

import com.example.shop.publicapi.RequestIds;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import java.net.URI;
import java.util.Map;
import org.eclipse.microprofile.rest.client.RestClientBuilder;
import org.jboss.logging.Logger;

/**
 * Exists only in this module's tests: logs a line while serving a request, on the event loop and on
 * a worker thread, and calls this same application through a REST client to see what it forwards.
 */
@Path("/probe/request-id")
public class RequestIdProbeResource {

    private static final Logger LOG = Logger.getLogger(RequestIdProbeResource.class);

    /** This application seen as a remote service (no class-level @Path: not a resource of its own). */
    public interface Self {
        @GET
        @Path("/probe/request-id/received")
        Map<String, String> received();
    }

    @GET
    @Path("/event-loop")
    @NonBlocking
    public Map<String, String> onTheEventLoop() {
        LOG.info("probe on the event loop");
        return Map.of("thread", Thread.currentThread().getName());
    }

    @GET
    @Path("/worker")
    @Blocking
    public Map<String, String> onAWorker() {
        LOG.info("probe on a worker");
        return Map.of("thread", Thread.currentThread().getName());
    }

    /** What a caller sent as its X-Request-Id ("" when none). */
    @GET
    @Path("/received")
    public Map<String, String> received(@HeaderParam(RequestIds.HEADER) String id) {
        return Map.of("received", id == null ? "" : id);
    }

    /** Calls {@code /received} of this application, as a service calls another, and answers what it received. */
    @GET
    @Path("/relay")
    @Blocking
    public Map<String, String> relay(@Context HttpServerRequest request) {
        URI self = URI.create("http://127.0.0.1:" + request.localAddress().port());
        Self client = RestClientBuilder.newBuilder().baseUri(self).build(Self.class);
        return client.received();
    }
}

package com.example.shop.web;

import com.example.shop.publicapi.RequestIds;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Sends the id of the request being served ({@link TakeRequestId}) with every call this service
 * makes through a REST client, so that the service called logs it and answers it too, and one
 * request can be followed through gateway, cart, catalog and category. A {@code @Provider} filter is
 * registered by the Quarkus REST client for every client of the application, so no client interface
 * names it. A call made outside a request (a scheduled job, the availability sender) carries none;
 * the service called then gives it one of its own.
 */
@Provider
public class ForwardRequestId implements ClientRequestFilter {

    @Override
    public void filter(ClientRequestContext request) {
        String id = TakeRequestId.current();
        if (id != null) {
            request.getHeaders().putSingle(RequestIds.HEADER, id);
        }
    }
}

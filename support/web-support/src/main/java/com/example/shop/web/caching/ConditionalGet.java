package com.example.shop.web.caching;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one place where services answer conditional GETs and say how answers may be cached, by the
 * {@link HttpCaching} policy of the resource:
 * <ul>
 * <li>{@link CachePolicy#PUBLIC_READ}, on a 200 to GET or HEAD: the resource's own {@code ETag}
 * if it set one (a product's version), otherwise a weak one over the JSON body (lists, categories,
 * product types: any change of the content moves it); {@code Cache-Control: public, max-age,
 * stale-while-revalidate}; and when {@code If-None-Match} matches, 304 without a body. The body is
 * serialized here once, and that is what is both hashed and sent.</li>
 * <li>{@link CachePolicy#NO_STORE} and {@link CachePolicy#PRIVATE_NO_STORE}: the header on every answer.</li>
 * </ul>
 * {@code If-Match} (optimistic concurrency on writes) is the resources' business and not touched here.
 */
@Provider
public class ConditionalGet implements ContainerResponseFilter {

    private final ObjectMapper mapper;
    private final CacheControls cacheControls;
    private final Map<Method, Optional<CachePolicy>> policies = new ConcurrentHashMap<>();

    @Context
    ResourceInfo resourceInfo;

    public ConditionalGet(ObjectMapper mapper, CacheControls cacheControls) {
        this.mapper = mapper;
        this.cacheControls = cacheControls;
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Method resource = resourceInfo == null ? null : resourceInfo.getResourceMethod();
        if (resource == null) {
            return;
        }
        CachePolicy policy = policies.computeIfAbsent(resource, ConditionalGet::policyOf).orElse(null);
        if (policy == null) {
            return;
        }
        if (policy == CachePolicy.PUBLIC_READ) {
            publicRead(request, response);
        } else {
            response.getHeaders().putSingle(HttpHeaders.CACHE_CONTROL, cacheControls.of(policy));
        }
    }

    private void publicRead(ContainerRequestContext request, ContainerResponseContext response) {
        String method = request.getMethod();
        if (response.getStatus() != 200 || !(HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method))
                || !response.hasEntity()) {
            return;
        }
        // Headers first: setting an entity gives the response a new header map.
        MultivaluedMap<String, Object> headers = response.getHeaders();
        Object given = headers.getFirst(HttpHeaders.ETAG);
        String tag = given == null ? null : given.toString();
        byte[] body = null;
        if (tag == null) {
            body = bytes(response.getEntity());
            tag = EntityTags.weakOf(body);
            headers.putSingle(HttpHeaders.ETAG, tag);
        }
        headers.putSingle(HttpHeaders.CACHE_CONTROL, cacheControls.of(CachePolicy.PUBLIC_READ));
        if (EntityTags.noneMatchHits(request.getHeaderString(HttpHeaders.IF_NONE_MATCH), tag)) {
            headers.remove(HttpHeaders.CONTENT_TYPE);
            response.setStatus(304);
            response.setEntity(null);
        } else if (body != null) {
            // Sent as these very bytes, so the tag is over exactly what the client receives.
            response.setEntity(body);
        }
    }

    private byte[] bytes(Object entity) {
        if (entity instanceof byte[] raw) {
            return raw;
        }
        if (entity instanceof String json) {
            return json.getBytes(StandardCharsets.UTF_8);
        }
        try {
            return mapper.writeValueAsBytes(entity);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A response body could not be written as JSON", e);
        }
    }

    private static Optional<CachePolicy> policyOf(Method method) {
        HttpCaching annotation = method.getAnnotation(HttpCaching.class);
        if (annotation == null) {
            annotation = method.getDeclaringClass().getAnnotation(HttpCaching.class);
        }
        return Optional.ofNullable(annotation).map(HttpCaching::value);
    }
}

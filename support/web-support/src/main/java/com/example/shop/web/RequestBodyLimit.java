package com.example.shop.web;

import com.example.shop.problems.Problem;
import com.example.shop.problems.Problems;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Request body limits, the same in every service, with a 413 problem (not Vert.x's bare 413):
 * <ul>
 * <li>an upload to an import ({@code POST .../import}) may be up to {@code shop.bulk.max-body-size}
 * (1 GiB), which is also Vert.x's own limit ({@code quarkus.http.limits.max-body-size}): the import
 * streams it to a spool file and counts it there too;</li>
 * <li>every other body up to {@code shop.http.max-body-size} (1 MiB): a declared length over it is
 * refused here before any of it is read, and a body without a length is cut off by
 * {@link BoundedBodies} as it is read.</li>
 * </ul>
 */
@Singleton
@RegisterForReflection
public class RequestBodyLimit {

    @ConfigProperty(name = "shop.http.max-body-size", defaultValue = "1M")
    MemorySize requestLimit;

    @ConfigProperty(name = "shop.bulk.max-body-size", defaultValue = "1G")
    MemorySize importLimit;

    @Inject
    ObjectMapper json;

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(context -> {
            String length = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
            long limit = isImportUpload(context) ? importLimit.asLongValue() : requestLimit.asLongValue();
            if (length != null && isOver(length, limit)) {
                context.response()
                        .setStatusCode(413)
                        .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                        .putHeader(HttpHeaders.CONNECTION, "close")
                        .end(Buffer.buffer(problemBody(limit)));
                return;
            }
            context.next();
        });
    }

    private byte[] problemBody(long limit) {
        try {
            return json.writeValueAsBytes(Problems.tooLarge(limit).problem());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An import's upload: {@code POST} to a path ending in {@code /import}, the one shape every service's import has. */
    static boolean isImportUpload(RoutingContext context) {
        return context.request().method() == HttpMethod.POST && context.normalizedPath().endsWith("/import");
    }

    private static boolean isOver(String length, long limit) {
        try {
            return Long.parseLong(length.trim()) > limit;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}

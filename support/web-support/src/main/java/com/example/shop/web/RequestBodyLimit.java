package com.example.shop.web;

import com.example.shop.problems.Problem;
import com.example.shop.problems.Problems;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses a declared body over the limit with a 413 problem before any of it is read. Vert.x
 * enforces {@code quarkus.http.limits.max-body-size} on bodies without a length too, but answers
 * those with a bare 413; this gives clients the same problem document as every other error.
 */
@Singleton
@RegisterForReflection
public class RequestBodyLimit {

    @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "1M")
    io.quarkus.runtime.configuration.MemorySize maxBodySize;

    void install(@Observes Router router) {
        long limit = maxBodySize.asLongValue();
        router.route().order(Integer.MIN_VALUE).handler(context -> {
            String length = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
            if (length != null && isOver(length, limit)) {
                context.response()
                        .setStatusCode(413)
                        .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                        .putHeader(HttpHeaders.CONNECTION, "close")
                        .end(Problems.tooLarge(limit).problem().toJson());
                return;
            }
            context.next();
        });
    }

    private static boolean isOver(String length, long limit) {
        try {
            return Long.parseLong(length.trim()) > limit;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}

package com.example.shop.gateway.proxy;

import com.example.shop.gateway.GatewayConfig;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Future;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only when every service answers its own {@code /q/health/ready} with 200 within a short
 * timeout. The answer is reused for {@code gateway.readiness.cache-ttl}, so a flood of probes
 * costs the services at most one probe each per period. Liveness does not look at the services.
 */
@Readiness
@ApplicationScoped
public class UpstreamReadiness implements AsyncHealthCheck {

    private final Upstreams upstreams;
    private final GatewayConfig config;

    private record Cached(long at, Future<HealthCheckResponse> answer) {
    }

    private volatile Cached cached;

    UpstreamReadiness(Upstreams upstreams, GatewayConfig config) {
        this.upstreams = upstreams;
        this.config = config;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        long now = System.nanoTime();
        Cached current = cached;
        if (current == null || now - current.at() > config.readiness().cacheTtl().toNanos()) {
            current = new Cached(now, probe());
            cached = current;
        }
        return Uni.createFrom().completionStage(current.answer().toCompletionStage());
    }

    private Future<HealthCheckResponse> probe() {
        long timeout = config.readiness().timeout().toMillis();
        List<Upstream> upstreams = new ArrayList<>(this.upstreams.all());
        List<Future<Boolean>> probes = new ArrayList<>();
        for (Upstream upstream : upstreams) {
            probes.add(upstream.ready(timeout).otherwise(false));
        }
        return Future.join(new ArrayList<>(probes)).map(all -> {
            HealthCheckResponseBuilder builder = HealthCheckResponse.named("upstreams").up();
            for (int i = 0; i < upstreams.size(); i++) {
                boolean up = probes.get(i).result();
                builder.withData(upstreams.get(i).name(), up ? "UP" : "DOWN");
                if (!up) {
                    builder.down();
                }
            }
            return builder.build();
        });
    }
}

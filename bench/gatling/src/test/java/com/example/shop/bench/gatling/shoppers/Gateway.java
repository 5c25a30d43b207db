package com.example.shop.bench.gatling.shoppers;

import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What every simulation shares: the gateway as a protocol, a client address per virtual user, the
 * skus that {@code bench-harness stock-setup} stocked, and "come back later" (429, 503).
 */
public final class Gateway {

    /** Session key of the status of the last answer (-1: none). */
    public static final String STATUS = "status";
    private static final String RETRY_AFTER = "retryAfter";

    private Gateway() {
    }

    /**
     * The gateway, as {@code -Dgateway}. Gatling gives each virtual user its own connections (they
     * are not shared unless asked), so each shopper is a client of its own, as in a real crowd.
     */
    public static HttpProtocolBuilder protocol() {
        return http.baseUrl(Knobs.required("gateway"))
                .acceptHeader("application/json")
                .contentTypeHeader("application/json")
                .header("X-Forwarded-For", "#{clientAddress}")
                .disableCaching();
    }

    /** The first step of every visitor: its own address for the whole visit. */
    public static Session arrive(Session s) {
        return s.set("clientAddress", ClientAddresses.next());
    }

    /** The skus of {@code -Dstock} (the file {@code stock-setup} wrote: sku, tab, units). */
    public static List<String> skus() {
        try {
            return Files.readAllLines(Path.of(Knobs.required("stock"))).stream()
                    .filter(l -> !l.isBlank()).map(l -> l.split("\t")[0]).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static int status(Session s) {
        return s.contains(STATUS) ? s.getInt(STATUS) : -1;
    }

    /** The gateway's per-client limit (429) or a saturated or restarting service (503): "not now". */
    public static boolean comeBackLater(Session s) {
        int status = status(s);
        return status == 429 || status == 503;
    }

    /** Forgets the last answer, so that a request that gets none is not read as the one before. */
    public static Session forget(Session s) {
        return s.remove(STATUS).remove(RETRY_AFTER);
    }

    /**
     * Waits out a 429 or 503 as its Retry-After says, plus up to a second, so that shoppers turned
     * away together do not all come back in the same instant (the harness waits the same).
     */
    public static ChainBuilder waitOut() {
        return pause(s -> Duration.ofMillis(Math.min(60_000,
                retryAfterSeconds(s) * 1000 + ThreadLocalRandom.current().nextLong(1000))));
    }

    private static long retryAfterSeconds(Session s) {
        try {
            return s.contains(RETRY_AFTER) ? Long.parseLong(s.getString(RETRY_AFTER).trim()) : 1;
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** The header a 429 or 503 carries; save it beside {@link #STATUS}. */
    public static String retryAfterKey() {
        return RETRY_AFTER;
    }
}

package com.example.shop.web.runs;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run as stored in a service's {@code runs} collection ({@link StoredRunCodec} names the fields).
 * {@code foundStale}: marked failed by another replica for want of news, so that its owner, if
 * alive, can still record it.
 */
public record StoredRun(String id, String kind, Map<String, String> labels, RunState state, Map<String, Long> counts,
                        List<Map<String, Object>> problems, Instant startedAt, Instant heartbeatAt, Instant finishedAt,
                        boolean foundStale) {

    public StoredRun {
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts)); // in the order recorded, as shown
        problems = List.copyOf(problems);
    }

    /** The run as its resource shows it. */
    public Run view() {
        return new Run(id, kind, state.wire(), counts, labels, startedAt, finishedAt, problems);
    }

    /** A run of this replica's that another one marked failed for want of news: running, as far as this replica knows. */
    StoredRun alive() {
        return new StoredRun(id, kind, labels, RunState.RUNNING, counts, List.of(), startedAt, heartbeatAt, null, false);
    }
}

package com.example.shop.web.bulk;

import com.example.shop.web.Page;
import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import com.example.shop.web.PageSize;
import com.example.shop.web.runs.Run;
import com.example.shop.web.runs.RunPage;
import com.example.shop.web.runs.RunStarted;
import com.example.shop.web.runs.RunState;
import com.example.shop.web.runs.RunStore;
import com.example.shop.web.seams.Seams;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoDatabase;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.MemorySize;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.validation.Validator;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Imports as jobs, the same in every service: {@link #start} keeps the uploaded NDJSON in a spool
 * file (under {@code shop.bulk.max-body-size}), records a run and answers at once; one worker
 * thread then reads the file and imports it through the service's {@link LineImporter}, recording
 * live counts and the rejected lines. One import runs at a time on a replica (a second is a 409
 * while the first runs). A run whose process died stops sending its heartbeat and is shown as
 * failed; importing the same file again completes it, since every importer writes idempotently. A
 * replica never takes the run it is running for dead, however late its heartbeats are written (a
 * database busy with the import itself can hold them for longer than {@code shop.bulk.stale-after}).
 */
@ApplicationScoped
public class BulkImports {

    public static final String NDJSON = "application/x-ndjson";

    private static final Logger LOG = Logger.getLogger(BulkImports.class);
    private static final Pattern LINE = Pattern.compile("[0-9]{1,12}");

    private final ImportRunStore store;
    private final ObjectMapper mapper;
    private final Validator validator;
    private final BulkConfig config;
    private final ImportHeap heap;
    private final Seams seams;
    private final long maxLineBytes;
    private final Clock clock = Clock.systemUTC();
    private final AtomicReference<String> busy = new AtomicReference<>();
    /** The runs this replica's worker runs, until their end is recorded (after {@link #busy} is free again). */
    private final Set<String> unfinished = ConcurrentHashMap.newKeySet();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(daemon("bulk-import"));
    private final ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor(daemon("bulk-import-heartbeat"));
    private volatile boolean stopping;

    BulkImports(MongoDatabase database, ObjectMapper mapper,
                Validator validator, BulkConfig config, Seams seams,
                @ConfigProperty(name = "shop.http.max-body-size", defaultValue = "1M") MemorySize maxLineBytes) {
        this.store = new ImportRunStore(database, config.staleAfter());
        this.mapper = mapper;
        this.validator = validator;
        this.config = config;
        this.heap = new ImportHeap(config.importMinHeapFreeRatio(), config.importMaxHeapFreeRatio());
        this.seams = seams;
        this.maxLineBytes = maxLineBytes.asLongValue();
    }

    /** Spools the body, records the run and starts it; the run as it stands at the start. */
    public <T> Run start(LineImporter<T> importer, InputStream body) {
        String id = RunStore.newId();
        String running = busy.get();
        if (running != null || !busy.compareAndSet(null, id)) {
            throw Problems.conflict("import-running", "Import running",
                    "Import run '" + busy.get() + "' is still running on this replica; one import runs at a time. "
                            + "Retry when it has finished.").with("run", String.valueOf(busy.get()));
        }
        Path file = null;
        try {
            file = spool(id, body);
            long size = Files.size(file);
            if (size == 0) {
                throw new ProblemException(Problem.of(400, "empty-import", "Empty import",
                        "The uploaded file is empty: nothing to import. Send one JSON object per line (application/x-ndjson)."));
            }
            Instant now = clock.instant();
            Run run = store.insert(id, importer.kind().name(), size, now);
            ImportJob<T> job = new ImportJob<>(id, importer, file, size, mapper.reader(), validator, store, seams,
                    maxLineBytes, config.rejectsKept(), () -> stopping);
            Path spooled = file;
            worker.execute(() -> execute(job, spooled));
            return run;
        } catch (IOException e) {
            release(id, file);
            throw new IllegalStateException("The upload could not be kept for the import", e);
        } catch (RuntimeException e) {
            release(id, file);
            throw e;
        }
    }

    /** 202 Accepted with the run's Location ({@code runsPath/id}) and the run as body. */
    public Response accepted(Run run, String runsPath) {
        return RunStarted.accepted(runsPath + "/" + run.id(), run);
    }

    /** A run of {@code kind}; 404 {@code unknown-import-run} when there is none (or the id is not a run id). */
    public Run run(ImportKind<?> kind, String id) {
        return store.find(kind.name(), id, runningHere(), clock.instant()).orElseThrow(() -> unknownRun(id));
    }

    /** Runs of one kind, newest first. */
    public RunPage runs(ImportKind<?> kind, Integer limit, String cursor) {
        return store.list(kind.name(), cursor, PageSize.of(limit, 20, 100), runningHere(), clock.instant());
    }

    /** A run's rejected lines in line order. */
    public Page<ImportReject> rejects(ImportKind<?> kind, String id, Integer limit, String cursor) {
        int size = PageSize.of(limit, 100, 1000);
        if (cursor != null && !LINE.matcher(cursor).matches()) {
            throw Problems.invalidField("cursor", "Query parameter 'cursor' must be the 'next' of the previous page");
        }
        run(kind, id);
        List<ImportReject> rejects = store.rejects(id, cursor == null ? 0 : Long.parseLong(cursor), size);
        return new Page<>(rejects, rejects.size() == size ? String.valueOf(rejects.get(rejects.size() - 1).line()) : null);
    }

    /** In the background, so that a database that is not up yet does not hold up the start. */
    void failAbandonedRuns(@Observes StartupEvent started) {
        worker.execute(() -> {
            try {
                store.failStale(runningHere(), clock.instant());
            } catch (RuntimeException e) {
                LOG.infof("Abandoned import runs not looked for at start-up (%s); they are marked when read", e.getMessage());
            }
            removeOldSpoolFiles();
        });
    }

    void stop(@Observes ShutdownEvent stopped) {
        stopping = true;
        worker.shutdown();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        heartbeats.shutdownNow();
    }

    private <T> void execute(ImportJob<T> job, Path file) {
        unfinished.add(job.runId());
        ScheduledFuture<?> heartbeat = heartbeats.scheduleAtFixedRate(() -> beat(job),
                config.heartbeatEvery().toMillis(), config.heartbeatEvery().toMillis(), TimeUnit.MILLISECONDS);
        heap.runStarting();
        try {
            job.run();
            heartbeat.cancel(false);
            // The replica is free before the run shows its end: a client that starts the next
            // import as soon as it sees this one succeeded is not refused as busy.
            release(job.runId(), file);
            store.finish(job.runId(), RunState.SUCCEEDED, job.counts(), job.bytesTotal(), job.bytesRead(), null, clock.instant());
        } catch (Exception e) {
            heartbeat.cancel(false);
            release(job.runId(), file);
            LOG.warnf(e, "Import run %s failed after %d lines", job.runId(), job.counts().read());
            try {
                store.finish(job.runId(), RunState.FAILED, job.counts(), job.bytesTotal(), job.bytesRead(), "The run stopped after "
                        + job.counts().read() + " lines: " + e.getMessage(), clock.instant());
            } catch (RuntimeException unrecorded) {
                LOG.warnf("Could not record the failure of import run %s (%s); it is marked failed when found stale",
                        job.runId(), unrecorded.getMessage());
            }
        } finally {
            // An Error (a simulated kill in the tests, or worse) ends the run without a recorded end:
            // the heartbeat stops with it, and the run is found stale.
            heartbeat.cancel(false);
            release(job.runId(), file);
            unfinished.remove(job.runId());
            heap.runOver();
        }
    }

    private void beat(ImportJob<?> job) {
        try {
            store.progress(job.runId(), job.counts(), job.bytesTotal(), job.bytesRead(), clock.instant());
        } catch (RuntimeException e) {
            LOG.debugf("Import heartbeat not recorded: %s", e.getMessage());
        }
    }

    private Path spool(String id, InputStream body) throws IOException {
        Path directory = spoolDirectory();
        Files.createDirectories(directory);
        Path file = directory.resolve(id + ".ndjson");
        long limit = config.maxBodySize().asLongValue();
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        try (OutputStream out = Files.newOutputStream(file)) {
            int read;
            while ((read = body.read(buffer)) > 0) {
                total += read;
                if (total > limit) {
                    throw Problems.tooLarge(limit);
                }
                out.write(buffer, 0, read);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
        return file;
    }

    private Path spoolDirectory() {
        return Path.of(config.spoolDirectory().orElse(System.getProperty("java.io.tmpdir") + "/shop-imports"));
    }

    private void removeOldSpoolFiles() {
        Path directory = spoolDirectory();
        if (!Files.isDirectory(directory)) {
            return;
        }
        Instant cutoff = clock.instant().minus(config.staleAfter());
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(file -> file.getFileName().toString().endsWith(".ndjson")).forEach(file -> {
                try {
                    if (Files.getLastModifiedTime(file).toInstant().isBefore(cutoff)) {
                        Files.deleteIfExists(file);
                    }
                } catch (IOException ignored) {
                    // another replica's file, or gone already
                }
            });
        } catch (IOException e) {
            LOG.debugf("Spool directory not cleaned: %s", e.getMessage());
        }
    }

    private void release(String id, Path file) {
        busy.compareAndSet(id, null);
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.debugf("Spool file %s not removed: %s", file, e.getMessage());
            }
        }
    }

    /**
     * The run this replica is running, if any, and one whose end it is about to record: alive whatever
     * its heartbeat says, and shown running here even when another replica marked it failed meanwhile.
     */
    private Set<String> runningHere() {
        Set<String> running = new HashSet<>(unfinished);
        String started = busy.get();
        if (started != null) {
            running.add(started);
        }
        return running;
    }

    private static ProblemException unknownRun(String id) {
        return new ProblemException(Problem.of(404, "unknown-import-run", "Unknown import run", "No import run '" + id + "'"));
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}

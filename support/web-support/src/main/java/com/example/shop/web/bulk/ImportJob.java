package com.example.shop.web.bulk;

import com.example.shop.problems.Problem;
import com.example.shop.web.RequestProblems;
import com.example.shop.web.concurrency.Futures;
import com.example.shop.web.runs.ProblemCodec;
import com.example.shop.web.seams.Seams;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * One run: reads the spooled file line by line, refuses what a single request would refuse (the
 * line as JSON, its fields, its constraints, its key seen before), hands the rest to the importer
 * in batches and records what became of every line. Memory holds one batch, one line and the keys
 * seen ({@link SeenKeys}), whatever the file's size.
 */
final class ImportJob<T> {

    /** Batches imported at once while the next ones are read. */
    static final int WRITERS = 2;

    private final String runId;
    private final LineImporter<T> importer;
    private final Path file;
    private final long bytesTotal;
    private final ObjectReader reader;
    private final Validator validator;
    private final ImportRunStore store;
    private final Seams seams;
    private final long maxLineBytes;
    private final int rejectsKept;
    private final BooleanSupplier stopping;

    private final AtomicLong read = new AtomicLong();
    private final AtomicLong created = new AtomicLong();
    private final AtomicLong updated = new AtomicLong();
    private final AtomicLong unchanged = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private volatile long bytesRead;
    private final SeenKeys seen = new SeenKeys();
    private final List<ImportReject> pendingRejects = new ArrayList<>();

    ImportJob(String runId, LineImporter<T> importer, Path file, long bytesTotal, ObjectReader reader, Validator validator,
              ImportRunStore store, Seams seams, long maxLineBytes, int rejectsKept, BooleanSupplier stopping) {
        this.runId = runId;
        this.importer = importer;
        this.file = file;
        this.bytesTotal = bytesTotal;
        this.reader = reader.forType(importer.kind().lineType());
        this.validator = validator;
        this.store = store;
        this.seams = seams;
        this.maxLineBytes = maxLineBytes;
        this.rejectsKept = rejectsKept;
        this.stopping = stopping;
    }

    String runId() {
        return runId;
    }

    ImportCounts counts() {
        return new ImportCounts(read.get(), created.get(), updated.get(), unchanged.get(), rejected.get());
    }

    long bytesTotal() {
        return bytesTotal;
    }

    long bytesRead() {
        return bytesRead;
    }

    /**
     * Reads and imports the whole file; throws when the run cannot go on (the database is gone, the
     * service stops). Reading and importing overlap: this thread reads, parses and validates lines
     * while up to {@link #WRITERS} earlier batches are being imported, so the service's CPU work and
     * the database's round trip are not paid one after the other. Batches may be imported in any
     * order, which is safe because a key appears once per file (a repeat is refused here, before
     * any batch sees it); a batch waits for a free writer, so memory holds at most
     * {@code WRITERS + 1} batches.
     */
    void run() throws IOException {
        int batchSize = Math.max(1, importer.batchSize());
        ExecutorService writers = Executors.newFixedThreadPool(WRITERS, task -> {
            Thread thread = new Thread(task, "bulk-import-writer");
            thread.setDaemon(true);
            return thread;
        });
        Semaphore slots = new Semaphore(WRITERS);
        List<Future<?>> inFlight = new ArrayList<>();
        List<ImportLine<T>> batch = new ArrayList<>(Math.min(batchSize, 1000));
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 64 * 1024)) {
            NdjsonLines lines = new NdjsonLines(in, maxLineBytes);
            NdjsonLines.Line line;
            while ((line = lines.next()) != null) {
                if (stopping.getAsBoolean()) {
                    throw new IllegalStateException("The service was stopped during the run at line " + line.number()
                            + "; import the same file again to complete it");
                }
                read.incrementAndGet();
                ImportLine<T> parsed = parse(line);
                if (parsed != null) {
                    batch.add(parsed);
                    if (batch.size() >= batchSize) {
                        submit(writers, slots, inFlight, batch);
                        batch = new ArrayList<>(Math.min(batchSize, 1000));
                    }
                }
                bytesRead = lines.bytesRead() - lines.buffered();
            }
            if (!batch.isEmpty()) {
                submit(writers, slots, inFlight, batch);
            }
            awaitAll(inFlight);
            flushRejects();
            importer.finished();
            bytesRead = lines.bytesRead();
        } finally {
            // Writers are not interrupted, even when the run failed: one interrupted inside the search index's
            // file I/O closes its channel and breaks the index writer for good (Lucene's tragic error; the catalog
            // then rebuilt its whole index from MongoDB, its listings short meanwhile). The batches in flight, at
            // most WRITERS, finish first, as they have already when the run succeeded.
            writers.shutdown();
            try {
                if (!writers.awaitTermination(2, TimeUnit.MINUTES)) {
                    writers.shutdownNow();
                }
            } catch (InterruptedException e) {
                writers.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }

    private void submit(ExecutorService writers, Semaphore slots, List<Future<?>> inFlight, List<ImportLine<T>> batch) {
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for a writer", e);
        }
        checkDone(inFlight);
        inFlight.add(writers.submit(() -> {
            try {
                flush(batch);
            } finally {
                slots.release();
            }
            return null;
        }));
    }

    /** Surfaces the first failure of a finished batch, so that reading stops soon after it. */
    private static void checkDone(List<Future<?>> inFlight) {
        for (var iterator = inFlight.iterator(); iterator.hasNext(); ) {
            Future<?> future = iterator.next();
            if (future.isDone()) {
                Futures.await(future, "a batch of the import");
                iterator.remove();
            }
        }
    }

    private static void awaitAll(List<Future<?>> inFlight) {
        for (Future<?> future : inFlight) {
            Futures.await(future, "a batch of the import");
        }
        inFlight.clear();
    }

    private ImportLine<T> parse(NdjsonLines.Line line) {
        if (line.problem() != null) {
            reject(line.number(), null, line.problem());
            return null;
        }
        T value;
        try {
            value = reader.readValue(line.text());
        } catch (JsonProcessingException e) {
            reject(line.number(), null, RequestProblems.ofJson(e));
            return null;
        } catch (IOException e) {
            reject(line.number(), null, Problem.of(400, "malformed-json", "Malformed JSON", "Line " + line.number()
                    + " is not valid JSON"));
            return null;
        }
        if (value == null) {
            reject(line.number(), null, Problem.of(400, "invalid-body", "Invalid request body",
                    "Line " + line.number() + " must be a JSON object"));
            return null;
        }
        String key = importer.kind().key().apply(value);
        Set<ConstraintViolation<T>> violations = validator.validate(value);
        if (!violations.isEmpty()) {
            reject(line.number(), key, RequestProblems.ofViolations(violations, "Invalid line"));
            return null;
        }
        if (key != null && !seen.add(key)) {
            reject(line.number(), key, Problem.of(409, "duplicate-line", "Duplicate line",
                    "Line " + line.number() + " repeats '" + key + "' of an earlier line of this file; "
                            + "an item may appear once per file").with("field", importer.kind().keyField()));
            return null;
        }
        return new ImportLine<>(line.number(), value);
    }

    private void flush(List<ImportLine<T>> batch) {
        Outcomes outcomes = new Outcomes();
        importer.importBatch(batch, outcomes);
        if (outcomes.recorded != batch.size()) {
            throw new IllegalStateException("The " + importer.kind().name() + " importer recorded " + outcomes.recorded
                    + " outcomes for " + batch.size() + " lines");
        }
        flushRejects();
        seams.reached(ImportSeam.AFTER_BATCH, new ImportSeam.Batch(importer.kind().name(), batch.get(batch.size() - 1).number()));
    }

    private synchronized void reject(long line, String key, Problem problem) {
        rejected.incrementAndGet();
        if (rejected.get() <= rejectsKept) {
            pendingRejects.add(new ImportReject(line, key, ProblemCodec.toDocument(problem)));
            if (pendingRejects.size() >= 1000) {
                flushRejects();
            }
        }
    }

    private synchronized void flushRejects() {
        store.addRejects(runId, pendingRejects);
        pendingRejects.clear();
    }

    private final class Outcomes implements ImportOutcomes {

        private int recorded;

        @Override
        public void created(ImportLine<?> line) {
            recorded++;
            created.incrementAndGet();
        }

        @Override
        public void updated(ImportLine<?> line) {
            recorded++;
            updated.incrementAndGet();
        }

        @Override
        public void unchanged(ImportLine<?> line) {
            recorded++;
            unchanged.incrementAndGet();
        }

        @Override
        public void rejected(ImportLine<?> line, Problem problem) {
            recorded++;
            @SuppressWarnings("unchecked")
            String key = importer.kind().key().apply((T) line.value());
            reject(line.number(), key, problem);
        }
    }
}

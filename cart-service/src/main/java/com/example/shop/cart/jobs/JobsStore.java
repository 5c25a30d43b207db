package com.example.shop.cart.jobs;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;
import org.bson.Document;

/**
 * The jobs feature's collections: {@code job_runs} and {@code job_leases} (see {@link JobRuns}); the
 * runs are indexed by start, newest first, of one job and of all ({@code GET /admin/jobs/runs}).
 */
@Singleton
public record JobsStore(MongoCollection<Document> runs, MongoCollection<Document> leases) implements FeatureIndexes {

    private static final String JOB_RUNS = "job_runs";
    private static final String JOB_LEASES = "job_leases";

    static final List<RequiredIndex> INDEXES = List.of(
            RequiredIndex.on(JOB_RUNS, Indexes.compoundIndex(Indexes.ascending(StoredRun.JOB),
                    Indexes.descending(StoredRun.STARTED_AT, StoredRun.ID)), new IndexOptions().name("job_started_at")),
            RequiredIndex.on(JOB_RUNS, Indexes.descending(StoredRun.STARTED_AT, StoredRun.ID),
                    new IndexOptions().name("started_at")));

    /** The service's database, or any other: tests run a second "replica" of the jobs on a client of their own. */
    @Inject
    public JobsStore(MongoDatabase database) {
        this(database.getCollection(JOB_RUNS), database.getCollection(JOB_LEASES));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }
}

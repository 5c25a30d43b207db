package com.example.shop.cart.jobs;

import java.util.Date;
import org.bson.Document;

/**
 * A job's lease, collection {@code job_leases}, one document per job; the field names are here and
 * nowhere else: {@code {_id: job, run_id, expires_at}} (see {@link JobRuns} for how it is taken).
 */
record StoredLease(String job, String runId, Date expiresAt) {

    static final String JOB = "_id";
    static final String RUN_ID = "run_id";
    static final String EXPIRES_AT = "expires_at";

    static StoredLease of(Document doc) {
        return new StoredLease(doc.getString(JOB), doc.getString(RUN_ID), doc.getDate(EXPIRES_AT));
    }
}

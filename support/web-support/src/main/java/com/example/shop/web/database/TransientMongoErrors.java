package com.example.shop.web.database;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import java.util.Set;

/**
 * Which MongoDB failures are a passing state of the database rather than a fault of the request
 * or of the code: a primary stepping down (a rolling restart on Kubernetes), an election, a
 * majority that did not acknowledge in time, a time limit, an unreachable server. The request may
 * succeed if repeated a moment later, so the answer is a 503 with {@code Retry-After}, never a 500.
 *
 * <p>The decision is made on the error code as well as on the class: the driver raises
 * {@code MongoNotPrimaryException} or {@code MongoNodeIsRecoveringException} for a failed write
 * command, but wraps the same codes in a {@code MongoQueryException} when a {@code find} fails.
 */
public final class TransientMongoErrors {

    /**
     * Not primary (10107 NotWritablePrimary, 13435 NotPrimaryNoSecondaryOk, 13436
     * NotPrimaryOrSecondary), node recovering or shutting down (11600 InterruptedAtShutdown, 11602
     * InterruptedDueToReplStateChange, 189 PrimarySteppedDown, 91 ShutdownInProgress), network
     * trouble seen by the server (6 HostUnreachable, 7 HostNotFound, 89 NetworkTimeout, 9001
     * SocketException), 262 ExceededTimeLimit, 134 ReadConcernMajorityNotAvailableYet (the
     * driver's retryable codes), and 50 MaxTimeMSExpired.
     */
    static final Set<Integer> CODES = Set.of(10107, 13435, 13436, 11600, 11602, 189, 91, 6, 7, 89, 9001, 262, 134, 50);

    /** The label MongoDB (and the driver) put on an error a retryable write may be retried after. */
    static final String RETRYABLE_WRITE_ERROR = "RetryableWriteError";

    private TransientMongoErrors() {
    }

    public static boolean isTransient(MongoException e) {
        if (e instanceof MongoSocketException || e instanceof MongoTimeoutException
                || e instanceof MongoConnectionPoolClearedException || e instanceof MongoWriteConcernException) {
            return true;
        }
        if (e instanceof MongoBulkWriteException bulk) {
            // Write errors (a duplicate key, a failed guard) are the request's; a write-concern
            // error alone means the writes were applied on the primary but not acknowledged by a majority.
            return bulk.getWriteErrors().isEmpty() && bulk.getWriteConcernError() != null;
        }
        return e.hasErrorLabel(RETRYABLE_WRITE_ERROR)
                || e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL)
                || CODES.contains(e.getCode());
    }
}

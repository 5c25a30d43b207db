package com.example.shop.web.database;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoQueryException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.MongoWriteException;
import com.mongodb.ServerAddress;
import com.mongodb.WriteConcernResult;
import com.mongodb.WriteError;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.bulk.WriteConcernError;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/**
 * Which driver exceptions are a passing state of the database (503) and which are not (the
 * request's fault or a bug). Each service also drives these through its real endpoints against
 * the test database's fail point; this covers the classes and codes one by one.
 */
class TransientMongoErrorsTest {

    private static final ServerAddress SERVER = new ServerAddress("db", 27017);

    private static BsonDocument failure(int code, String... labels) {
        BsonDocument response = new BsonDocument("ok", new BsonInt32(0)).append("code", new BsonInt32(code))
                .append("errmsg", new BsonString("failed"));
        if (labels.length > 0) {
            BsonArray array = new BsonArray();
            for (String label : labels) {
                array.add(new BsonString(label));
            }
            response.append("errorLabels", array);
        }
        return response;
    }

    @Test
    void stepDownFailoverAndTimeLimitsAreTransient() {
        assertTrue(TransientMongoErrors.isTransient(new MongoNotPrimaryException(failure(10107), SERVER)));
        assertTrue(TransientMongoErrors.isTransient(new MongoNotPrimaryException(failure(13435), SERVER)));
        for (int code : new int[] {91, 11602, 189, 11600, 13436}) {
            assertTrue(TransientMongoErrors.isTransient(new MongoNodeIsRecoveringException(failure(code), SERVER)), "" + code);
            // what a find raises for the same codes
            assertTrue(TransientMongoErrors.isTransient(new MongoQueryException(failure(code), SERVER)), "find " + code);
        }
        assertTrue(TransientMongoErrors.isTransient(new MongoExecutionTimeoutException(50, "operation exceeded time limit")));
        assertTrue(TransientMongoErrors.isTransient(new MongoQueryException(failure(50), SERVER)));
        assertTrue(TransientMongoErrors.isTransient(new MongoTimeoutException("no primary")));
        assertTrue(TransientMongoErrors.isTransient(new MongoSocketReadException("reset", SERVER)));
    }

    @Test
    void writeConcernFailuresAreTransient() {
        WriteConcernError timeout = new WriteConcernError(64, "WriteConcernFailed", "waiting for replication timed out",
                new BsonDocument());
        assertTrue(TransientMongoErrors.isTransient(new MongoWriteConcernException(timeout,
                WriteConcernResult.acknowledged(1, true, null), SERVER, Set.of())));
        assertTrue(TransientMongoErrors.isTransient(new MongoBulkWriteException(BulkWriteResult.acknowledged(0, 1, 0, 1,
                List.of(), List.of()), List.of(), timeout, SERVER, Set.of())));
    }

    @Test
    void anyErrorLabelledRetryableIsTransient() {
        assertTrue(TransientMongoErrors.isTransient(new MongoCommandException(failure(12345, "RetryableWriteError"), SERVER)));
        assertFalse(TransientMongoErrors.isTransient(new MongoCommandException(failure(12345), SERVER)));
    }

    @Test
    void theRequestsOwnFailuresAreNot() {
        assertFalse(TransientMongoErrors.isTransient(new MongoWriteException(
                new WriteError(11000, "E11000 duplicate key", new BsonDocument()), SERVER, Set.of())));
        assertFalse(TransientMongoErrors.isTransient(new MongoBulkWriteException(BulkWriteResult.acknowledged(0, 0, 0, 0,
                List.of(), List.of()), List.of(new BulkWriteError(11000, "dup", new BsonDocument(), 0)),
                new WriteConcernError(64, "WriteConcernFailed", "timed out", new BsonDocument()), SERVER, Set.of())),
                "a duplicate key stays a duplicate key even if the write concern also failed");
        assertFalse(TransientMongoErrors.isTransient(new MongoCommandException(failure(2), SERVER)), "BadValue");
        assertFalse(TransientMongoErrors.isTransient(new MongoCommandException(failure(85), SERVER)), "IndexOptionsConflict");
    }
}

package com.example.shop.embeddedmongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoQueryException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.Updates;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fail point of the in-memory server makes the real MongoDB driver raise the exception class
 * it raises on a real replica set for each code: what the services' error mapping is tested with.
 */
class FailPointTest {

    private static EmbeddedMongo server;
    private static MongoClient client;
    private static MongoCollection<Document> docs;

    @BeforeAll
    static void start() {
        server = EmbeddedMongo.inMemory();
        client = MongoClients.create(server.connectionString() + "/?serverSelectionTimeoutMS=2000");
        docs = client.getDatabase("failpoints").getCollection("docs");
        docs.insertOne(new Document("_id", 1).append("n", 0));
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    @AfterEach
    void off() {
        configure(new Document("configureFailPoint", "failCommand").append("mode", "off"));
    }

    private static Document configure(Document command) {
        return client.getDatabase("admin").runCommand(command);
    }

    private static void failAlways(String command, Document data) {
        configure(new Document("configureFailPoint", "failCommand").append("mode", "alwaysOn")
                .append("data", data.append("failCommands", List.of(command))));
    }

    @Test
    void notPrimaryCodesRaiseMongoNotPrimaryException() {
        for (int code : new int[] {10107, 13435}) {
            failAlways("insert", new Document("errorCode", code));
            MongoNotPrimaryException e = assertThrows(MongoNotPrimaryException.class,
                    () -> docs.insertOne(new Document("_id", "np-" + code)));
            assertEquals(code, e.getCode());
        }
        assertEquals(0, docs.countDocuments(Filters.regex("_id", "^np-")), "a failed command is not executed");
    }

    @Test
    void recoveringCodesRaiseMongoNodeIsRecoveringException() {
        for (int code : new int[] {91, 11602, 189}) {
            failAlways("update", new Document("errorCode", code));
            MongoNodeIsRecoveringException e = assertThrows(MongoNodeIsRecoveringException.class,
                    () -> docs.updateOne(Filters.eq("_id", 1), Updates.inc("n", 1)));
            assertEquals(code, e.getCode());
        }
    }

    /**
     * A find wraps any command failure in a MongoQueryException, the step-down codes included
     * (FindOperation in driver 5.6): whoever maps these must look at the code, not only the class.
     * The driver's one retry of a read does not hide an error that lasts.
     */
    @Test
    void aFindCarriesTheCodeInAMongoQueryException() {
        for (int code : new int[] {91, 11602, 189, 10107, 13435}) {
            failAlways("find", new Document("errorCode", code));
            MongoQueryException e = assertThrows(MongoQueryException.class, () -> docs.find(Filters.eq("_id", 1)).first());
            assertEquals(code, e.getCode());
        }
    }

    @Test
    void code50RaisesMongoExecutionTimeoutException() {
        failAlways("aggregate", new Document("errorCode", 50));
        assertThrows(MongoExecutionTimeoutException.class, () -> docs.aggregate(List.of()).into(new ArrayList<>()));
    }

    @Test
    void aWriteConcernErrorRaisesMongoWriteConcernExceptionAfterTheWriteWasApplied() {
        Document timeout = new Document("code", 64).append("codeName", "WriteConcernFailed")
                .append("errmsg", "waiting for replication timed out").append("errInfo", new Document("wtimeout", true));
        failAlways("update", new Document("writeConcernError", timeout));
        assertThrows(MongoWriteConcernException.class, () -> docs.updateOne(Filters.eq("_id", 1), Updates.inc("n", 1)));
        MongoBulkWriteException bulk = assertThrows(MongoBulkWriteException.class,
                () -> docs.bulkWrite(List.of(new UpdateOneModel<>(Filters.eq("_id", 1), Updates.inc("n", 1)))));
        assertEquals(64, bulk.getWriteConcernError().getCode());
        failAlways("findAndModify", new Document("writeConcernError", timeout));
        assertThrows(MongoWriteConcernException.class,
                () -> docs.findOneAndUpdate(Filters.eq("_id", 1), Updates.inc("n", 1)));
        off();
        assertEquals(3, docs.find(Filters.eq("_id", 1)).first().getInteger("n"), "applied, but not acknowledged by a majority");
    }

    @Test
    void labelsReachTheException() {
        failAlways("delete", new Document("errorCode", 89).append("errorLabels", List.of("RetryableWriteError")));
        MongoException e = assertThrows(MongoCommandException.class, () -> docs.deleteOne(Filters.eq("_id", "x")));
        assertTrue(e.hasErrorLabel("RetryableWriteError"), e.getErrorLabels()::toString);
    }

    @Test
    void timesCountsDownAndOnlyTheNamedCommandsFail() {
        configure(new Document("configureFailPoint", "failCommand").append("mode", new Document("times", 1))
                .append("data", new Document("failCommands", List.of("find")).append("errorCode", 10107)));
        assertEquals(1, docs.countDocuments(Filters.eq("_id", 1)), "aggregate is not named: it runs");
        Document reply = configure(new Document("configureFailPoint", "failCommand").append("mode", new Document("times", 1))
                .append("data", new Document("failCommands", List.of("find")).append("errorCode", 10107)));
        assertEquals(1, ((Number) reply.get("count")).intValue(), "re-arming answers the count left");
        // The driver retries a read once on a not-primary error: one armed failure is absorbed.
        assertEquals(1, docs.find(Filters.eq("_id", 1)).first().getInteger("_id"));
        reply = configure(new Document("configureFailPoint", "failCommand").append("mode", "off"));
        assertEquals(0, ((Number) reply.get("count")).intValue(), "the one failure was used");
    }

    @Test
    void anIndexUnderAnotherNameIsError85AsOnMongoDb() {
        MongoCollection<Document> products = client.getDatabase("failpoints").getCollection("products");
        products.createIndex(Indexes.ascending("sku"), new IndexOptions().unique(true).name("sku_1"));
        MongoCommandException e = assertThrows(MongoCommandException.class,
                () -> products.createIndex(Indexes.ascending("sku"), new IndexOptions().unique(true).name("sku_unique")));
        assertEquals(85, e.getErrorCode());
        products.createIndex(Indexes.ascending("sku"), new IndexOptions().unique(true).name("sku_1")); // the same: a no-op
        products.createIndex(Indexes.descending("sku"), new IndexOptions().name("sku_-1")); // another key: fine
        assertEquals(3, products.listIndexes().into(new ArrayList<>()).size());
    }
}

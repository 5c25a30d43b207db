package com.example.shop.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * k8s/sharding/shard-collections.js. Its decisions are exercised under node with a recording
 * stand-in for mongosh's {@code db}/{@code sh} (src/test/resources/mongosh-mock.js), fed the
 * indexes the services create (or none: the script first); skipped with a message when node is
 * missing. It has never run against a real mongos.
 */
class ShardingScriptTest {

    static final Path SCRIPT = RepoRoot.get().resolve("k8s/sharding/shard-collections.js");

    /** The collections as the services leave them: unique sku and slug indexes, genre arrays. */
    static final String SERVICES_STATE = """
            {"collections": {
              "catalog.products": {"count": 5, "arrays": ["details.genre"], "indexes": [
                {"name": "_id_", "key": {"_id": 1}}, {"name": "sku_unique", "key": {"sku": 1}, "unique": true},
                {"name": "type_genre_issue", "key": {"type": 1, "details.genre": 1, "details.issue_date": 1}},
                {"name": "skus_1", "key": {"skus": 1}}]},
              "catalog.product_skus": {"count": 9, "indexes": [{"name": "_id_", "key": {"_id": 1}}]},
              "categories.categories": {"count": 3, "indexes": [
                {"name": "_id_", "key": {"_id": 1}}, {"name": "slug_unique", "key": {"slug": 1}, "unique": true}]},
              "cart.cart": {"count": 2, "indexes": [{"name": "_id_", "key": {"_id": 1}},
                {"name": "status_last_modified", "key": {"status": 1, "last_modified": 1}}]},
              "cart.inventory": {"count": 2, "indexes": [{"name": "_id_", "key": {"_id": 1}},
                {"name": "available", "key": {"qty": 1}}]},
              "cart.reservations": {"count": 2, "indexes": [{"name": "_id_", "key": {"_id": 1}}]}}}
            """;

    @Test
    void theScriptNamesTheBookKeysAndTheFourCollections() throws IOException {
        String script = Files.readString(SCRIPT);
        for (String expected : new String[] {"ns: 'catalog.products', key: { type: 1, 'details.genre': 1, sku: 1 }",
                "ns: 'categories.categories', key: { _id: 1 }", "ns: 'cart.cart', key: { _id: 1 }",
                "ns: 'cart.inventory', key: { _id: 1 }", "sh.enableSharding(", "sh.shardCollection("}) {
            assertTrue(script.contains(expected), "shard-collections.js lacks: " + expected);
        }
    }

    @Test
    void correctedKeysShardWhatMongoDbAccepts() throws Exception {
        String out = run(Map.of(), SERVICES_STATE);
        assertTrue(out.contains("EXIT 0"), out);
        assertTrue(out.contains("[\"shardCollection\",\"catalog.products\",{\"sku\":1},true]"), out);
        assertTrue(out.contains("[\"shardCollection\",\"cart.cart\",{\"_id\":1},false]"), out);
        assertTrue(out.contains("[\"createIndex\",\"cart.inventory\",{\"_id\":\"hashed\"}]"), out);
        assertTrue(out.contains("[\"shardCollection\",\"cart.inventory\",{\"_id\":\"hashed\"},false]"), out);
        assertTrue(out.contains("[\"shardCollection\",\"cart.reservations\",{\"_id\":\"hashed\"},false]"), out);
        assertTrue(out.contains("[\"shardCollection\",\"catalog.product_skus\",{\"_id\":\"hashed\"},false]"), out);
        assertTrue(out.contains("categories.categories: not sharded"), out);
        assertTrue(!out.contains("\"categories.categories\","), "categories must stay unsharded: " + out);
    }

    /**
     * The script before the services (a fresh cluster, no collection yet): the unique sku index is
     * created under the catalog's own name before shardCollection, so that shardCollection does not
     * create a sku_1 of its own and the catalog's sku_unique finds its index in place.
     */
    @Test
    void beforeTheServicesTheUniqueSkuIndexGetsTheCatalogsName() throws Exception {
        String out = run(Map.of(), "{\"collections\": {}}");
        assertTrue(out.contains("EXIT 0"), out);
        String calls = out.substring(out.indexOf("CALLS "));
        int index = calls.indexOf("[\"createIndex\",\"catalog.products\",{\"sku\":1},{\"name\":\"sku_unique\",\"unique\":true}]");
        int shard = calls.indexOf("[\"shardCollection\",\"catalog.products\",{\"sku\":1},true]");
        assertTrue(index >= 0 && shard > index, "sku_unique created, then products sharded: " + out);
        assertTrue(!calls.contains("[\"createIndex\",\"cart.inventory\""), "an empty collection gets its shard key index from shardCollection: " + out);
    }

    /** After the services: their sku_unique is the shard key index; nothing else is created for products. */
    @Test
    void afterTheServicesTheirUniqueSkuIndexIsUsed() throws Exception {
        String out = run(Map.of(), SERVICES_STATE);
        assertTrue(!out.contains("[\"createIndex\",\"catalog.products\""), out);
        assertTrue(out.contains("[\"shardCollection\",\"catalog.products\",{\"sku\":1},true]"), out);
    }

    /** A catalog of a version before the sku registry left a unique index on skus, which MongoDB refuses there. */
    @Test
    void theUniqueSkusIndexOfAnEarlierCatalogIsReported() throws Exception {
        String out = run(Map.of(), SERVICES_STATE.replace("{\"name\": \"skus_1\", \"key\": {\"skus\": 1}}",
                "{\"name\": \"skus_unique\", \"key\": {\"skus\": 1}, \"unique\": true}"));
        assertTrue(out.contains("EXIT 1") && out.contains("unique index skus_unique"), out);
        assertTrue(!out.contains("[\"shardCollection\",\"catalog.products\""), out);
    }

    /** The Job starts with the cluster: it waits (up to WAIT_SECONDS) for a shard, and gives up with a message. */
    @Test
    void itWaitsForAShardAndGivesUpWithoutOne() throws Exception {
        String late = run(Map.of("WAIT_SECONDS", "600"), SERVICES_STATE.trim().replaceFirst("}$", ", \"shardsAfter\": 3}"));
        assertTrue(late.contains("waiting for a mongos with at least one shard") && late.contains("EXIT 0")
                && late.contains("\"shardCollection\""), late);
        String none = run(Map.of("WAIT_SECONDS", "10"), SERVICES_STATE.trim().replaceFirst("}$", ", \"shards\": 0}"));
        assertTrue(none.contains("the cluster has no shard yet") && none.contains("EXIT 2") && !none.contains("\"shardCollection\""), none);
    }

    @Test
    void theBookKeysAreRefusedWithTheReasonWhereMongoDbWouldRefuseThem() throws Exception {
        String out = run(Map.of("KEYS", "book"), SERVICES_STATE);
        assertTrue(out.contains("EXIT 1"), out);
        assertTrue(out.contains("documents hold an array in details.genre"), out);
        assertTrue(out.contains("unique index sku_unique"), out);
        assertTrue(out.contains("unique index slug_unique"), out);
        assertTrue(!out.contains("[\"shardCollection\",\"catalog.products\""), out);
        assertTrue(out.contains("[\"shardCollection\",\"cart.cart\",{\"_id\":1},false]"), out);
        assertTrue(out.contains("[\"shardCollection\",\"cart.inventory\",{\"_id\":1},false]"), out);
    }

    @Test
    void itIsIdempotentAndRefusesAPlainReplicaSet() throws Exception {
        String sharded = SERVICES_STATE.trim().replaceFirst("}$", ", \"sharded\": {\"catalog.products\": {\"sku\": 1},"
                + " \"catalog.product_skus\": {\"_id\": \"hashed\"}, \"cart.cart\": {\"_id\": 1}, \"cart.inventory\": {\"_id\": \"hashed\"},"
                + " \"cart.reservations\": {\"_id\": \"hashed\"}}}");
        String again = run(Map.of(), sharded);
        assertTrue(again.contains("EXIT 0") && !again.contains("\"shardCollection\""), again);
        assertTrue(again.contains("catalog.products: already sharded on {\"sku\":1}"), again);
        String replicaSet = run(Map.of(), SERVICES_STATE.trim().replaceFirst("}$", ", \"mongos\": false}"));
        assertTrue(replicaSet.contains("not connected to a mongos") && replicaSet.contains("EXIT 2"), replicaSet);
    }

    private static String run(Map<String, String> env, String state) throws Exception {
        Optional<Path> node = onPath("node");
        assumeTrue(node.isPresent(), "node not found on PATH: the decisions of k8s/sharding/shard-collections.js"
                + " are not exercised (SKIPPED); install Node.js (Debian: 'nodejs') to run them");
        Path mock = Paths.get(ShardingScriptTest.class.getResource("/mongosh-mock.js").toURI());
        ProcessBuilder builder = new ProcessBuilder(node.get().toString(), mock.toString(), SCRIPT.toString())
                .redirectErrorStream(true);
        builder.environment().remove("KEYS");
        builder.environment().remove("DRY_RUN");
        builder.environment().remove("WAIT_SECONDS");
        builder.environment().putAll(env);
        builder.environment().put("MOCK_STATE", state);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "node did not finish");
        assertEquals(0, process.exitValue(), out);
        return out;
    }

    static Optional<Path> onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Paths.get(dir.isEmpty() ? "." : dir, command);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}

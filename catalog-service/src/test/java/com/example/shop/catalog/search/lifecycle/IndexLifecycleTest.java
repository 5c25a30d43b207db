package com.example.shop.catalog.search.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.search.ListedProduct;
import com.example.shop.catalog.search.ProductSource;
import com.example.shop.catalog.search.availability.ApplyTransitions;
import com.example.shop.catalog.search.availability.AvailabilityParts;
import com.example.shop.catalog.search.availability.Transition;
import com.example.shop.catalog.search.feed.CatalogRevision;
import com.example.shop.catalog.search.feed.ChangeFeed;
import com.example.shop.catalog.search.feed.FeedFollower;
import com.example.shop.catalog.search.feed.IndexUpdates;
import com.example.shop.catalog.search.feed.FeedParts;
import com.example.shop.catalog.search.index.IndexMarker;
import com.example.shop.catalog.search.index.IndexParts;
import com.example.shop.catalog.search.index.ListingJson;
import com.example.shop.catalog.search.index.ProductDocuments;
import com.example.shop.catalog.search.index.ProductIndex;
import com.example.shop.embeddedmongo.EmbeddedMongo;
import com.example.shop.web.database.DatabaseReachability;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replicas' indexes across restarts and across replicas, with the real classes on real directories
 * and one embedded MongoDB (the catalog revision and the change feed are real; the products
 * collection is played by a map all replicas read, as they all read one database). A "replica" is
 * one set of the index's objects on a directory; "restart" is a new set on the same directory, the
 * old one stopped cleanly or closed as a dead process leaves it (uncommitted changes lost).
 */
class IndexLifecycleTest {

    private EmbeddedMongo mongo;
    private MongoClient client;
    /** Each test's replicas' index directories, deleted after it (JUnit's temporary directory). */
    @TempDir
    Path base;
    private final Map<String, ListedProduct> products = new ConcurrentSkipListMap<>();
    private final List<Replica> running = new ArrayList<>();

    /** One replica's search objects on its directory. */
    private final class Replica {
        final ProductIndex index;
        final IndexUpdates updates;
        final IndexBuild build;
        final ChangeFeed feed;
        final FeedFollower follower;
        final AtomicInteger scans = new AtomicInteger();
        /** Rounds of the feed follower: each one read of the feed. */
        final AtomicInteger feedReads = new AtomicInteger();

        Replica(String directory) {
            this(directory, "catalog", null);
        }

        Replica(String directory, String database, ProductSource dying) {
            CatalogConfig config = config(base.resolve(directory));
            CatalogRevision revision = FeedParts.revision(client.getDatabase(database));
            feed = FeedParts.countingFeed(client.getDatabase(database), feedReads);
            ProductSource source = dying != null ? dying : counting(scans);
            index = IndexParts.index(config);
            updates = FeedParts.updates(index, revision, feed, source, AvailabilityParts.source(client.getDatabase(database)),
                    config, new DatabaseReachability(client));
            follower = FeedParts.follower(feed, updates, config);
            build = new IndexBuild(index, updates, revision, feed, follower, source, config);
            build.onStart(null);
            running.add(this);
        }

        Replica awaitUsable() throws InterruptedException {
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!index.isUsable()) {
                assertTrue(System.nanoTime() < deadline, "the index did not become usable");
                Thread.sleep(20);
            }
            return this;
        }

        Set<String> skus() throws Exception {
            index.refresh();
            Set<String> skus = new HashSet<>();
            index.forEachSku(skus::add);
            return skus;
        }

        /** The JSON this replica's index shows for the product, null when it has none. */
        String json(String sku) {
            return index.read((searcher, tag) -> {
                try {
                    TopDocs top = searcher.search(new TermQuery(IndexParts.idOf(sku)), 1);
                    return top.scoreDocs.length == 0 ? null
                            : new String(ListingJson.join(searcher, top.scoreDocs, 1, new byte[0], new byte[0]),
                                    java.nio.charset.StandardCharsets.UTF_8);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }

        /** A create or replace through this replica, as the product use cases make it. */
        void write(String sku, String title) {
            IndexUpdates.Change change = updates.change(List.of(sku), List.of(sku));
            put(sku, title);
            change.put(products.get(sku));
        }

        void delete(String sku) {
            IndexUpdates.Change change = updates.change(List.of(sku), List.of(sku));
            products.remove(sku);
            change.removed(sku);
        }

        /** As a process that dies: its background work stops, its uncommitted changes are lost. */
        void die() {
            build.onStopWithoutCommit();
            IndexParts.close(index);
            running.remove(this);
        }

        void stop() {
            build.onStop(null);
            IndexParts.close(index);
            running.remove(this);
        }
    }

    @BeforeEach
    void start() throws Exception {
        mongo = EmbeddedMongo.inMemory();
        client = MongoClients.create(mongo.connectionString());
        for (int i = 0; i < 1200; i++) {
            put(String.format("sku-%05d", i), "Title " + i);
        }
    }

    @AfterEach
    void end() {
        new ArrayList<>(running).forEach(Replica::stop);
        client.close();
        mongo.close();
    }

    private void put(String sku, String title) {
        Document product = new Document("sku", sku).append("type", "Film").append("title", title)
                .append("pricing", new Document("retail", 100L).append("pct_savings", 0L)).append("version", 1L);
        products.put(sku, new ListedProduct(sku, 1L, "Film", title, null, List.of(), Map.of(), List.of(), 100L, 0L,
                product.toJson()));
    }

    private ProductSource counting(AtomicInteger scans) {
        return new ProductSource() {
            @Override
            public void forEach(Consumer<ListedProduct> each) {
                scans.incrementAndGet();
                List.copyOf(products.values()).forEach(each);
            }

            @Override
            public Map<String, ListedProduct> find(Collection<String> skus) {
                Map<String, ListedProduct> found = new TreeMap<>();
                for (ListedProduct product : products.values()) { // by its key or a variant's sku, as ListedProducts
                    Stream.concat(Stream.of(product.sku()), product.variantSkus().stream()).distinct()
                            .filter(skus::contains).forEach(sku -> found.put(sku, product));
                }
                return found;
            }
        };
    }

    /** Waits for {@code condition}; what a replica does in the background it does within this, however loaded the machine. */
    private static void eventually(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
        eventually(what, 20_000, condition);
    }

    private static void eventually(String what, long millis, java.util.function.BooleanSupplier condition)
            throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what);
            Thread.sleep(10);
        }
    }

    @Test
    void aCurrentIndexIsReusedAndAReplicaThatWasDownCatchesUpFromTheFeed() throws Exception {
        Replica first = new Replica("a").awaitUsable();
        assertEquals(1, first.scans.get());
        assertEquals(products.keySet(), first.skus());
        first.write("sku-new-1", "Written through");
        first.stop(); // a clean stop commits

        Replica again = new Replica("a").awaitUsable();
        assertEquals(0, again.scans.get(), "a current index is used as it is");
        assertTrue(again.skus().contains("sku-new-1"));
        again.stop();

        // while "a" is down, another replica writes and deletes
        Replica other = new Replica("b").awaitUsable();
        other.write("sku-new-2", "Written elsewhere");
        other.write("sku-00003", "Renamed elsewhere");
        other.delete("sku-00007");

        Replica back = new Replica("a").awaitUsable();
        assertEquals(0, back.scans.get(), "caught up from the feed, not rebuilt");
        assertEquals(products.keySet(), back.skus());
        assertTrue(back.json("sku-00003").contains("Renamed elsewhere"));
    }

    @Test
    void aReplicaCatchingUpOnAnImportReadsItsProductsBackAFewThousandAtATime() throws Exception {
        new Replica("a").awaitUsable().stop();
        Replica importer = new Replica("b").awaitUsable();
        for (int batch = 0; batch < 8; batch++) { // as an import writes: one change of 1,000 skus a batch
            List<String> skus = new ArrayList<>();
            for (int line = 0; line < 1000; line++) {
                skus.add(String.format("imported-%d-%04d", batch, line));
            }
            IndexUpdates.Change change = importer.updates.change(skus, skus);
            skus.forEach(sku -> put(sku, "Imported"));
            change.put(skus.stream().map(products::get).toList(), List.of());
        }

        AtomicInteger largestRead = new AtomicInteger();
        AtomicInteger scans = new AtomicInteger();
        ProductSource source = counting(scans);
        Replica back = new Replica("a", "catalog", new ProductSource() {
            @Override
            public void forEach(Consumer<ListedProduct> each) {
                source.forEach(each);
            }

            @Override
            public Map<String, ListedProduct> find(Collection<String> skus) {
                largestRead.accumulateAndGet(skus.size(), Math::max);
                return source.find(skus);
            }
        }).awaitUsable();
        assertEquals(0, scans.get(), "caught up from the feed, not rebuilt");
        assertEquals(products.keySet(), back.skus());
        assertTrue(largestRead.get() <= FeedParts.SKUS_PER_ROUND,
                "8,000 imported products read back at most " + FeedParts.SKUS_PER_ROUND + " at a time, not " + largestRead.get());
    }

    @Test
    void aChangeOnOneReplicaReachesTheOtherThroughTheFeed() throws Exception {
        Replica a = new Replica("a").awaitUsable();
        Replica b = new Replica("b").awaitUsable();
        for (int i = 0; i < 100; i++) {
            String sku = "fresh-" + i;
            a.write(sku, "Fresh " + i);
            eventually("the create reached b", () -> b.json(sku) != null);
            assertEquals(a.json(sku), b.json(sku), "b holds what a wrote");
        }
        a.write("fresh-0", "Fresh again");
        eventually("the replace reached b", () -> b.json("fresh-0").contains("Fresh again"));
        b.delete("fresh-1");
        eventually("the delete reached a", () -> a.json("fresh-1") == null);
        assertEquals(a.skus(), b.skus());
        assertEquals(1, a.scans.get(), "a followed the feed, it did not rebuild");
        assertEquals(1, b.scans.get(), "b followed the feed, it did not rebuild");
        // how soon a change reaches the other replicas is measured by bench/, not asserted here
    }

    @Test
    void manyWritesLeaveEveryReplicasIndexMergedIntoOneSegmentOnceQuietWithTheSameProducts() throws Exception {
        Replica a = new Replica("a").awaitUsable();
        Replica b = new Replica("b").awaitUsable();
        assertEquals(1, IndexParts.segments(a.index), "a build merges what it built");
        // a tenth of the products and more, one by one, as an import writes them: each refresh a segment
        for (int i = 0; i < 150; i++) {
            a.write(String.format("sku-%05d", i * 7), "Imported again " + i);
            a.write("imported-" + i, "Imported " + i);
        }
        eventually("b followed the writes", () -> b.json("imported-149") != null);
        assertTrue(IndexParts.segments(a.index) > 1, "the writes left segments: " + IndexParts.segments(a.index));
        long deadline = System.nanoTime() + (IndexBuild.QUIET_MILLIS + 10_000) * 1_000_000L;
        while (IndexParts.segments(a.index) > 1 || IndexParts.segments(b.index) > 1) {
            assertTrue(System.nanoTime() < deadline, "segments once quiet: a " + IndexParts.segments(a.index) + ", b " + IndexParts.segments(b.index));
            Thread.sleep(50);
        }
        assertEquals(products.keySet(), a.skus());
        assertEquals(products.keySet(), b.skus());
        assertTrue(b.json("sku-00007").contains("Imported again 1"));
    }

    @Test
    void aQuietReplicaReadsTheFeedLessOftenAndGoesBackToItsCadenceWithTheNextChange() throws Exception {
        Replica a = new Replica("a").awaitUsable();
        Replica b = new Replica("b").awaitUsable();
        // feed-every 50 ms, feed-idle-every 500 ms once nothing came for QUIET_MILLIS
        eventually("b went quiet", IndexBuild.QUIET_MILLIS + 20_000, () -> b.build.nextRoundMillis() == 500);
        int before = b.feedReads.get();
        Thread.sleep(2_000);
        // each round waits at least 500 ms for the next: at most 5 in 2 s, where every 50 ms would make 40
        assertTrue(b.feedReads.get() - before <= 5, "feed reads in 2 quiet seconds: " + (b.feedReads.get() - before));

        a.write("after-quiet", "After a quiet spell");
        eventually("the create reached b", () -> b.json("after-quiet") != null);
        eventually("b is back to its busy cadence", () -> b.build.nextRoundMillis() == 50);
    }

    /** Whether this replica's index lists the sku as sold out. */
    private static boolean soldOut(Replica replica, String sku) {
        return replica.index.read((searcher, tag) -> {
            try {
                org.apache.lucene.search.BooleanQuery both = new org.apache.lucene.search.BooleanQuery.Builder()
                        .add(new TermQuery(IndexParts.idOf(sku)), org.apache.lucene.search.BooleanClause.Occur.FILTER)
                        .add(new TermQuery(new org.apache.lucene.index.Term(ProductDocuments.AVAILABILITY, ProductDocuments.SOLD_OUT)),
                                org.apache.lucene.search.BooleanClause.Occur.FILTER).build();
                return searcher.count(both) == 1;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void ofTwoOverlappingWritesOfASkuTheOneAppliedLastTakesWhatMongoDbHolds() throws Exception {
        Replica a = new Replica("a").awaitUsable();
        IndexUpdates.Change first = a.updates.change(List.of("sku-00010"), List.of("sku-00010"));
        put("sku-00010", "First write");
        ListedProduct firstInHand = products.get("sku-00010");
        IndexUpdates.Change second = a.updates.change(List.of("sku-00010"), List.of("sku-00010"));
        put("sku-00010", "Second write");
        second.put(products.get("sku-00010"));
        first.put(firstInHand); // overtaken: it reaches the index last, with the older product in hand
        assertTrue(a.json("sku-00010").contains("Second write"), a.json("sku-00010"));

        IndexUpdates.Change update = a.updates.change(List.of("sku-00011"), List.of("sku-00011"));
        put("sku-00011", "Updated");
        ListedProduct updated = products.get("sku-00011");
        IndexUpdates.Change delete = a.updates.change(List.of("sku-00011"), List.of("sku-00011"));
        products.remove("sku-00011");
        delete.removed("sku-00011");
        update.put(updated);
        assertEquals(null, a.json("sku-00011"), "a put overtaken by a delete does not bring the product back");
        assertEquals(0, FeedParts.skusInFlight(a.updates));
    }

    @Test
    void aFeedReadBackOvertakenByALocalWriteLeavesTheLocalWrite() throws Exception {
        // a's feed follower reads back b's write, and is held before it applies it while a writes the sku itself
        AtomicReference<String> holdOn = new AtomicReference<>();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch released = new CountDownLatch(1);
        ProductSource products = counting(new AtomicInteger());
        ProductSource holding = new ProductSource() {
            @Override
            public void forEach(Consumer<ListedProduct> each) {
                products.forEach(each);
            }

            @Override
            public Map<String, ListedProduct> find(Collection<String> skus) {
                Map<String, ListedProduct> found = products.find(skus);
                String sku = holdOn.get();
                if (sku != null && skus.contains(sku) && holdOn.compareAndSet(sku, null)) {
                    held.countDown();
                    try {
                        assertTrue(released.await(30, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return found;
            }
        };
        Replica a = new Replica("a", "catalog", holding).awaitUsable();
        Replica b = new Replica("b").awaitUsable();
        holdOn.set("sku-00020");
        b.write("sku-00020", "Written on b");
        assertTrue(held.await(10, TimeUnit.SECONDS), "a's feed read b's write back");
        a.write("sku-00020", "Written on a after");
        released.countDown();
        a.follower.position(); // the round that was held is over (a round holds the follower)
        assertTrue(a.json("sku-00020").contains("Written on a after"), a.json("sku-00020"));
        assertEquals(0, FeedParts.skusInFlight(a.updates));
    }

    @Test
    void aUseCaseThatThrowsBeforeFinishingItsChangeLeavesWhatMongoDbHoldsAndNothingInFlight() throws Exception {
        Replica a = new Replica("a").awaitUsable();
        Replica b = new Replica("b").awaitUsable();
        assertThrows(IllegalStateException.class, () -> {
            try (IndexUpdates.Change change = a.updates.change(List.of("sku-00012"), List.of("sku-00012"))) {
                put("sku-00012", "Written, then the use case failed");
                throw new IllegalStateException("the use case failed between its write and finishing the change");
            }
        });
        assertTrue(a.json("sku-00012").contains("Written, then the use case failed"), "closing the change read it back");
        assertEquals(0, FeedParts.skusInFlight(a.updates), "the sku is no longer in flight");
        // the feed entry ended done: the other replica takes it without waiting out the grace period
        assertTrue(a.feed.progressAfter(-1, 1000).stream().allMatch(ChangeFeed.Entry::done), "every feed entry is done");
        eventually("the write reached b", () -> String.valueOf(b.json("sku-00012")).contains("Written, then"));

        IndexUpdates.Change next = a.updates.change(List.of("sku-00012"), List.of("sku-00012"));
        put("sku-00012", "Written alone");
        next.put(products.get("sku-00012"));
        assertTrue(a.json("sku-00012").contains("Written alone"));
        assertEquals(0, FeedParts.skusInFlight(a.updates));
    }

    @Test
    void anAvailabilityTransitionOnOneReplicaIsOnTheOtherAndSurvivesARebuild() throws Exception {
        Replica a = new Replica("a").awaitUsable();
        Replica b = new Replica("b").awaitUsable();
        ApplyTransitions onA = AvailabilityParts.applyTransitions(client.getDatabase("catalog"), a.updates);
        for (int i = 0; i < 50; i++) {
            String sku = String.format("sku-%05d", i);
            assertEquals(new ApplyTransitions.Outcome(1, 0), onA.apply(List.of(new Transition(sku, false, 10))));
            assertTrue(soldOut(a, sku), "sold out on the replica that took it before the answer");
            eventually("the sell-out reached b", () -> soldOut(b, sku));
        }
        // late, repeated and out-of-order reports change nothing
        assertEquals(new ApplyTransitions.Outcome(0, 2), onA.apply(List.of(new Transition("sku-00000", true, 9),
                new Transition("sku-00001", false, 10))));
        assertTrue(soldOut(a, "sku-00000"));
        assertEquals(new ApplyTransitions.Outcome(1, 1), onA.apply(List.of(new Transition("sku-00000", true, 11),
                new Transition("sku-00000", false, 10))));
        eventually("the restock reached b", () -> !soldOut(b, "sku-00000"));
        // a product written after its sku sold out is indexed sold out; a rebuild keeps what MongoDB holds
        onA.apply(List.of(new Transition("later", false, 3)));
        b.write("later", "Later");
        assertTrue(soldOut(b, "later"));
        eventually("the later product reached a", () -> soldOut(a, "later"));
        b.build.rebuild();
        assertTrue(soldOut(b, "sku-00001") && soldOut(b, "later") && !soldOut(b, "sku-00000"));
    }

    /**
     * A report names a variant's sku: the replica that takes it re-indexes the product holding it,
     * and the other replica has the variant sold out, out of the in-stock listings with its size,
     * within 1 s; the product leaves {@code inStock} altogether once its last variant sells out.
     */
    @Test
    void aVariantSellOutOnOneReplicaIsOnTheOtherWithinASecond() throws Exception {
        for (int i = 0; i < 20; i++) {
            String key = String.format("tee-%02d", i);
            products.put(key, new ListedProduct(key, 1L, "Apparel", "Tee " + i, null, List.of(), Map.of(), List.of(), 900L,
                    0L, new Document("sku", key).toJson(), List.of(
                            new com.example.shop.catalog.search.ListedVariant(key + "-s", Map.of("size", "S"), 900L, false),
                            new com.example.shop.catalog.search.ListedVariant(key + "-m", Map.of("size", "M"), 1100L, false))));
        }
        Replica a = new Replica("a").awaitUsable();
        Replica b = new Replica("b").awaitUsable();
        ApplyTransitions onA = AvailabilityParts.applyTransitions(client.getDatabase("catalog"), a.updates);
        long slowest = 0;
        for (int i = 0; i < 20; i++) {
            String key = String.format("tee-%02d", i);
            assertEquals(List.of(false, false), variantsSoldOut(b, key));
            long began = System.nanoTime();
            assertEquals(new ApplyTransitions.Outcome(1, 0), onA.apply(List.of(new Transition(key + "-m", false, 10))));
            assertEquals(List.of(false, true), variantsSoldOut(a, key), "the M sold out on a before the answer");
            eventually("the M's sell-out reached b", () -> variantsSoldOut(b, key).equals(List.of(false, true)));
            slowest = Math.max(slowest, (System.nanoTime() - began) / 1_000_000);
            assertTrue(inStock(b, key) && soldOut(b, key), "in stock by its S, sold out by its M");
        }
        assertTrue(slowest <= 1_000, "a variant's sell-out reached the other replica in " + slowest + " ms at worst");
        onA.apply(List.of(new Transition("tee-00-s", false, 11)));
        eventually("the last variant's sell-out reached b", () -> soldOut(b, "tee-00") && !inStock(b, "tee-00"));
        b.build.rebuild();
        assertEquals(List.of(true, true), variantsSoldOut(b, "tee-00"), "a rebuild joins the availability per variant");
        assertEquals(List.of(false, true), variantsSoldOut(b, "tee-01"));
    }

    /** Whether the replica's index has each variant of the product sold out, in the product's variant order. */
    private static List<Boolean> variantsSoldOut(Replica replica, String key) {
        return replica.index.read((searcher, tag) -> {
            try {
                TopDocs top = searcher.search(new TermQuery(IndexParts.idOf(key)), 1);
                int doc = top.scoreDocs[0].doc;
                var leaves = searcher.getIndexReader().leaves();
                var leaf = leaves.get(org.apache.lucene.index.ReaderUtil.subIndex(doc, leaves));
                var values = org.apache.lucene.index.DocValues.getBinary(leaf.reader(), ProductDocuments.VARIANTS);
                assertTrue(values.advanceExact(doc - leaf.docBase));
                com.example.shop.catalog.search.index.VariantCodes.Table table = new com.example.shop.catalog.search.index.VariantCodes.Table();
                table.read(values.binaryValue());
                List<Boolean> soldOut = new ArrayList<>();
                for (int v = 0; v < table.variantCount(); v++) {
                    soldOut.add(table.soldOut(v));
                }
                return soldOut;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    private static boolean inStock(Replica replica, String sku) {
        return replica.index.read((searcher, tag) -> {
            try {
                return searcher.count(new org.apache.lucene.search.BooleanQuery.Builder()
                        .add(new TermQuery(IndexParts.idOf(sku)), org.apache.lucene.search.BooleanClause.Occur.FILTER)
                        .add(new TermQuery(new org.apache.lucene.index.Term(ProductDocuments.AVAILABILITY, ProductDocuments.IN_STOCK)),
                                org.apache.lucene.search.BooleanClause.Occur.FILTER).build()) == 1;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void aReplicaDownLongerThanTheFeedKeepsIsRebuilt() throws Exception {
        Replica a = new Replica("a").awaitUsable();
        a.stop();
        Replica b = new Replica("b").awaitUsable();
        b.write("sku-new-3", "While a was down");
        b.delete("sku-00011");
        b.feed.trimBefore(new Date(System.currentTimeMillis() + 60_000)); // the feed no longer reaches back
        Replica back = new Replica("a").awaitUsable();
        assertEquals(1, back.scans.get(), "rebuilt");
        assertEquals(products.keySet(), back.skus());
    }

    @Test
    void aWriterThatDiedMidWriteIsTakenAfterTheGraceAndAMissingRevisionIsPassedOver() throws Exception {
        Replica a = new Replica("a").awaitUsable();
        Replica b = new Replica("b").awaitUsable();
        CatalogRevision revision = FeedParts.revision(client.getDatabase("catalog"));
        // a writer that recorded its change, wrote the product and died before marking it done
        long dead = FeedParts.nextRevision(revision);
        FeedParts.intend(FeedParts.feed(client.getDatabase("catalog")), dead, List.of("orphan"));
        put("orphan", "Written by a dead replica");
        // a writer that died between counting and recording: a revision with no entry
        FeedParts.nextRevision(revision);
        a.write("after-both", "After both");
        eventually("b passed the dead writer and the missing revision", () -> b.json("after-both") != null);
        assertTrue(b.json("orphan") != null, "the dead writer's product was read back");
    }

    @Test
    void aRebuildBesideIsWhatTheNextStartOpensAndOneKilledBeforeItsSwapLeavesTheOldIndex() throws Exception {
        Replica a = new Replica("a").awaitUsable();
        put("sku-00005", "Changed behind the back");
        IndexBuild.Rebuilt rebuilt = a.build.rebuildBeside(a.index.nextGeneration(), new IndexBuild.RebuildProgress() {
            @Override
            public void scanned(long products) {
            }

            @Override
            public void swapping() {
            }
        });
        assertEquals(products.size(), rebuilt.products());
        assertEquals("index-2", rebuilt.to());
        assertTrue(a.json("sku-00005").contains("Changed behind the back"));
        a.write("sku-new-1", "Written after the swap");
        a.stop();
        try (var entries = Files.list(base.resolve("a"))) {
            assertEquals(Set.of("CURRENT", "index-2"), entries.map(e -> e.getFileName().toString()).collect(java.util.stream.Collectors.toSet()));
        }

        Replica again = new Replica("a").awaitUsable();
        assertEquals(0, again.scans.get(), "the rebuilt index is used as it is");
        assertEquals(products.keySet(), again.skus());
        // a rebuild killed before its swap: the new generation is opened and written to, then the process dies
        again.index.openStaging(again.index.nextGeneration());
        // from another thread, as a request's: the thread that opened the staging generation is the
        // rebuild's scan, whose writes go to the new generation only (with the old one then committed
        // past the write's revision without it, whenever a periodic commit came before the kill)
        Thread request = new Thread(() -> again.write("sku-new-2", "Written during a rebuild that died"));
        request.start();
        request.join();
        again.die();

        Replica back = new Replica("a").awaitUsable();
        assertEquals(0, back.scans.get(), "the old generation is still the index, caught up from the feed");
        assertEquals(products.keySet(), back.skus());
        try (var entries = Files.list(base.resolve("a"))) {
            assertEquals(Set.of("CURRENT", "index-2"), entries.map(e -> e.getFileName().toString()).collect(java.util.stream.Collectors.toSet()),
                    "the dead rebuild's generation is removed at the start");
        }
    }

    @Test
    void aBuildKilledBeforeItsCommitIsRedoneAtTheNextStart() throws Exception {
        AtomicInteger seen = new AtomicInteger();
        ProductSource live = counting(new AtomicInteger());
        ProductSource dying = new ProductSource() {
            @Override
            public void forEach(Consumer<ListedProduct> each) {
                live.forEach(product -> {
                    if (seen.incrementAndGet() == 700) {
                        throw new IllegalStateException("the process dies here");
                    }
                    each.accept(product);
                });
            }

            @Override
            public Map<String, ListedProduct> find(Collection<String> skus) {
                return live.find(skus);
            }
        };
        Replica killed = new Replica("a", "catalog", dying);
        eventually("the build reached the kill", () -> seen.get() >= 700);
        killed.die();
        assertTrue(!killed.index.isUsable(), "a build that did not finish never made the index usable");

        Replica next = new Replica("a").awaitUsable();
        assertEquals(1, next.scans.get());
        assertEquals(products.keySet(), next.skus());
    }

    @Test
    void anIndexWrittenInAnEarlierFormatIsRebuiltFromNothing() throws Exception {
        new Replica("a").awaitUsable().stop();
        IndexMarker current;
        Path generation = base.resolve("a").resolve(Files.readString(base.resolve("a").resolve("CURRENT")).trim());
        try (FSDirectory directory = FSDirectory.open(generation)) {
            current = IndexParts.marker(SegmentInfos.readLatestCommit(directory).getUserData());
        }
        // format 4 indexed the prefix words with positions: a product of today's format cannot be added beside it
        wipeFiles(generation);
        try (FSDirectory directory = FSDirectory.open(generation);
             IndexWriter old = new IndexWriter(directory,
                     new IndexWriterConfig().setIndexSort(IndexParts.indexOrder()))) {
            org.apache.lucene.document.Document stale = new org.apache.lucene.document.Document(); // not bson's
            stale.add(new StringField(ProductDocuments.SKU, "gone-since", Field.Store.NO));
            stale.add(new SortedDocValuesField(ProductDocuments.SKU, new BytesRef("gone-since")));
            stale.add(new TextField(ProductDocuments.TITLE_WORDS, "an old title", Field.Store.NO));
            old.addDocument(stale);
            old.setLiveCommitData(IndexParts.userData(new IndexMarker(4, current.epoch(), current.revision(), current.rendering())).entrySet());
            old.commit();
        }

        Replica again = new Replica("a").awaitUsable();
        assertEquals(1, again.scans.get(), "rebuilt, not caught up");
        assertEquals(products.keySet(), again.skus(), "every product of the database and nothing of the old index");
        again.write("sku-new-1", "Written after the rebuild");
        assertTrue(again.skus().contains("sku-new-1"));
    }

    private static void wipeFiles(Path directory) throws java.io.IOException {
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
    }

    @Test
    void anIndexOfAnotherDatabaseIsRebuilt() throws Exception {
        new Replica("a").awaitUsable().stop();
        products.clear();
        put("only-one", "The only product of the other database");
        Replica other = new Replica("a", "catalog_elsewhere", null).awaitUsable();
        assertEquals(Set.of("only-one"), other.skus());
    }

    @Test
    void aRebuildWhileReadsRunFailsNoReadAndHidesNoProduct() throws Exception {
        Replica a = new Replica("a").awaitUsable();
        int expected = products.size();
        java.util.concurrent.atomic.AtomicBoolean rebuilding = new java.util.concurrent.atomic.AtomicBoolean(true);
        AtomicInteger reads = new AtomicInteger();
        List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> readers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread reader = new Thread(() -> {
                while (rebuilding.get()) {
                    try {
                        int count = a.index.read((searcher, tag) -> searcher.getIndexReader().numDocs());
                        if (count != expected) {
                            failures.add("a read saw " + count + " products, not " + expected);
                        }
                        reads.incrementAndGet();
                    } catch (RuntimeException e) {
                        failures.add(e.toString());
                    }
                }
            });
            reader.start();
            readers.add(reader);
        }
        a.build.rebuild();
        a.build.rebuild();
        rebuilding.set(false);
        for (Thread reader : readers) {
            reader.join();
        }
        assertEquals(List.of(), failures.subList(0, Math.min(5, failures.size())));
        assertTrue(reads.get() > 100, "too few reads during the rebuilds (" + reads.get() + ") to prove anything");
        assertEquals(2, a.scans.get() - 1);
    }

    static CatalogConfig config(Path directory) {
        return new CatalogConfig() {
            @Override
            public Products products() {
                return new Products() {
                    public int defaultLimit() {
                        return 20;
                    }

                    public int maxLimit() {
                        return 100;
                    }

                    public int defaultMaxPerCart() {
                        return 10;
                    }

                    public int maxVariants() {
                        return 100;
                    }

                    public java.time.Duration skuClaimGrace() {
                        return java.time.Duration.ofMinutes(2);
                    }
                };
            }

            @Override
            public Cursor cursor() {
                return () -> "secret";
            }

            @Override
            public Availability availability() {
                return java.util.Optional::empty;
            }

            @Override
            public CategoryTree categoryTree() {
                return new CategoryTree() {
                    public java.time.Duration refreshAfter() {
                        return java.time.Duration.ofSeconds(5);
                    }

                    public java.time.Duration keepAtMost() {
                        return java.time.Duration.ofMinutes(1);
                    }
                };
            }

            @Override
            public Search search() {
                return new Search() {
                    public String directory() {
                        return directory.toString();
                    }

                    public List<Long> priceBuckets() {
                        return List.of(1000L);
                    }

                    public java.util.OptionalInt concurrentSearches() {
                        return java.util.OptionalInt.empty();
                    }

                    public Duration bulkRefreshEvery() {
                        return Duration.ofSeconds(1);
                    }

                    @Override
                    public Duration commitEvery() {
                        return Duration.ofMillis(200);
                    }

                    public Duration feedEvery() {
                        return Duration.ofMillis(50);
                    }

                    public Duration feedIdleEvery() {
                        return Duration.ofMillis(500);
                    }

                    public Duration feedRetention() {
                        return Duration.ofHours(1);
                    }

                    public Duration feedGapGrace() {
                        return Duration.ofSeconds(2);
                    }
                };
            }

            @Override
            public boolean seedProductTypes() {
                return true;
            }
        };
    }
}

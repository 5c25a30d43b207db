package com.example.shop.catalog.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.embeddedmongo.EmbeddedMongo;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A replica's index across restarts, with the real classes on a real directory and an embedded
 * MongoDB: reused when its marker names the catalog's current revision, rebuilt when a write went
 * past it while it was down, rebuilt when a kill cut off its build before the commit, and rebuilt
 * when it was built from another database. "Restart" is a new set of the index's objects on the
 * same directory, the old one closed as a dead process leaves it (uncommitted changes lost).
 */
class IndexLifecycleTest {

    private EmbeddedMongo mongo;
    private MongoClient client;
    private Path directory;
    private final TreeMap<String, ListedProduct> products = new TreeMap<>();
    private final AtomicInteger scans = new AtomicInteger();
    private final List<Replica> running = new ArrayList<>();

    /** One replica's search objects on {@link #directory}. */
    private final class Replica {
        final ProductIndex index;
        final IndexUpdates updates;
        final IndexBuild build;
        final CatalogRevision revision;

        Replica(ProductSource source, String database) {
            CatalogConfig config = config(directory);
            revision = new CatalogRevision(new SearchStore(client, database));
            index = new ProductIndex(config);
            updates = new IndexUpdates(index, revision, source);
            build = new IndexBuild(index, updates, revision, source, config);
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
            Set<String> skus = new HashSet<>();
            index.forEachSku(skus::add);
            return skus;
        }

        /** As a process that dies: its scheduled work stops, its uncommitted changes are lost. */
        void die() {
            build.onStopWithoutCommit();
            index.close();
            running.remove(this);
        }

        void stop() {
            build.onStop(null);
            index.close();
            running.remove(this);
        }
    }

    @BeforeEach
    void start() throws Exception {
        mongo = EmbeddedMongo.inMemory();
        client = MongoClients.create(mongo.connectionString());
        directory = Files.createTempDirectory("index-lifecycle");
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
        products.put(sku, new ListedProduct(product, product.toJson()));
    }

    private final ProductSource source = new ProductSource() {
        @Override
        public void forEach(Consumer<ListedProduct> each) {
            scans.incrementAndGet();
            List.copyOf(products.values()).forEach(each);
        }

        @Override
        public Map<String, ListedProduct> find(Collection<String> skus) {
            Map<String, ListedProduct> found = new TreeMap<>();
            skus.stream().filter(products::containsKey).forEach(sku -> found.put(sku, products.get(sku)));
            return found;
        }
    };

    @Test
    void aCurrentIndexIsReusedAndOneAWriteWentPastIsRebuilt() throws Exception {
        Replica first = new Replica(source, "catalog").awaitUsable();
        assertEquals(1, scans.get());
        assertEquals(products.keySet(), first.skus());
        first.stop(); // a clean stop commits

        Replica second = new Replica(source, "catalog").awaitUsable();
        assertEquals(1, scans.get(), "a current index is used as it is");
        assertEquals(products.keySet(), second.skus());
        // this replica's own writes keep it current
        IndexUpdates.Change change = second.updates.change();
        put("sku-new-1", "Written through");
        change.put(products.get("sku-new-1"));
        second.stop();

        Replica third = new Replica(source, "catalog").awaitUsable();
        assertEquals(1, scans.get(), "its own writes, committed at the stop, do not make it stale");
        assertTrue(third.skus().contains("sku-new-1"));
        third.stop();

        // another replica writes while this one is down: the revision moves past the marker
        new CatalogRevision(new SearchStore(client, "catalog")).next();
        products.remove("sku-00007");
        put("sku-new-2", "Written elsewhere");
        Replica fourth = new Replica(source, "catalog").awaitUsable();
        assertEquals(2, scans.get(), "a write went past the index: rebuilt");
        assertEquals(products.keySet(), fourth.skus());
    }

    @Test
    void aBuildKilledBeforeItsCommitIsRedoneAtTheNextStart() throws Exception {
        AtomicInteger seen = new AtomicInteger();
        ProductSource dying = new ProductSource() {
            @Override
            public void forEach(Consumer<ListedProduct> each) {
                source.forEach(product -> {
                    if (seen.incrementAndGet() == 700) {
                        throw new IllegalStateException("the process dies here");
                    }
                    each.accept(product);
                });
            }

            @Override
            public Map<String, ListedProduct> find(Collection<String> skus) {
                return source.find(skus);
            }
        };
        Replica killed = new Replica(dying, "catalog");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (seen.get() < 700 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        killed.die();
        assertTrue(!killed.index.isUsable(), "a build that did not finish never made the index usable");

        Replica next = new Replica(source, "catalog").awaitUsable();
        assertEquals(products.keySet(), next.skus());
    }

    @Test
    void anIndexOfAnotherDatabaseIsRebuilt() throws Exception {
        new Replica(source, "catalog").awaitUsable().stop();
        products.clear();
        put("only-one", "The only product of the other database");
        Replica other = new Replica(source, "catalog_elsewhere").awaitUsable();
        assertEquals(Set.of("only-one"), other.skus());
    }

    @Test
    void theMarkerClaimsOnlyRevisionsWithoutAGap() {
        AppliedRevisions applied = new AppliedRevisions();
        applied.startFrom(new CatalogRevision.Stamp("e", 10));
        applied.applied(new CatalogRevision.Stamp("e", 12));
        assertEquals(10, applied.through().revision(), "11 (another replica's write, or one in flight) is missing");
        applied.applied(new CatalogRevision.Stamp("e", 11));
        assertEquals(12, applied.through().revision());
        applied.applied(new CatalogRevision.Stamp("other", 13));
        assertEquals(new CatalogRevision.Stamp("e", 12), applied.through(), "a write of another database is never claimed");
        assertThrows(IllegalArgumentException.class, () -> PriceBuckets.of(List.of(1000L, 500L)));
        assertThrows(IllegalArgumentException.class, () -> PriceBuckets.of(List.of(-5L)));
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
                };
            }

            @Override
            public Cursor cursor() {
                return () -> "secret";
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

                    public Duration commitEvery() {
                        return Duration.ofMillis(200);
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

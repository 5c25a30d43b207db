package com.example.shop.embeddedmongo;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * A MongoDB-wire-compatible server (mongo-java-server) for the local run and the tests, where no
 * MongoDB binary and no Docker engine can be installed. It reports wire version 5.0, which the
 * 5.x Java driver requires.
 *
 * <p>Run it as a program: {@code EmbeddedMongo [--host 127.0.0.1] [--port 27017] [--data FILE]
 * [--workers N]}. With {@code --data} it keeps its data in an H2 file that survives restarts and
 * never loses an acknowledged write; without, it keeps everything in memory.
 *
 * <p>Commands run on the server's Netty worker threads, and a durable write holds its thread until
 * the commit that contains it. The more commands are in flight while a commit is written, the more
 * of them the next commit carries ({@link GroupCommit}), so the durable server runs
 * {@value #DURABLE_WORKERS} workers rather than Netty's default of two per core.
 */
public final class EmbeddedMongo implements AutoCloseable {

    /** Worker threads of the durable server; see the class comment. */
    public static final int DURABLE_WORKERS = 16;

    private final MongoServer server;

    private EmbeddedMongo(MongoBackend backend, String host, int port, int workers) {
        this.server = new MongoServer(backend);
        server.bind(new InetSocketAddress(host, port), 1, workers);
    }

    /**
     * An in-memory server on a free port of the loopback interface, with MongoDB's
     * {@code failCommand} fail point ({@link FailPointMemoryBackend}).
     */
    public static EmbeddedMongo inMemory() {
        return inMemory("127.0.0.1", 0);
    }

    /** An in-memory server with the fail point on the given address (port 0: a free one). */
    public static EmbeddedMongo inMemory(String host, int port) {
        return new EmbeddedMongo(new FailPointMemoryBackend(), host, port, 0);
    }

    /** A server whose data lives in {@code file} and survives a restart or a {@code kill -9}. */
    public static EmbeddedMongo durable(Path file, String host, int port) throws IOException {
        return durable(file, host, port, DURABLE_WORKERS);
    }

    /** As {@link #durable(Path, String, int)} with {@code workers} worker threads (0: Netty's default). */
    public static EmbeddedMongo durable(Path file, String host, int port, int workers) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        return new EmbeddedMongo(new DurableH2Backend(file), host, port, workers);
    }

    public String connectionString() {
        InetSocketAddress address = server.getLocalAddress();
        return "mongodb://" + address.getHostString() + ":" + address.getPort();
    }

    public int port() {
        return server.getLocalAddress().getPort();
    }

    @Override
    public void close() {
        server.shutdownNow(); // also closes the backend, committing the H2 store
    }

    public static void main(String[] args) throws Exception {
        String host = "127.0.0.1";
        int port = 27017;
        Path data = null;
        int workers = -1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--host" -> host = args[++i];
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--data" -> data = Path.of(args[++i]);
                case "--workers" -> workers = Integer.parseInt(args[++i]);
                default -> {
                    System.err.println("usage: EmbeddedMongo [--host H] [--port P] [--data FILE] [--workers N]");
                    System.exit(2);
                }
            }
        }
        EmbeddedMongo mongo = data == null
                ? new EmbeddedMongo(new IdSeekingMemoryBackend(), host, port, Math.max(workers, 0))
                : durable(data, host, port, workers < 0 ? DURABLE_WORKERS : workers);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            mongo.close();
            stopped.countDown();
        }));
        System.out.println("embedded MongoDB listening on " + mongo.connectionString()
                + (data == null ? " (in memory)" : " (data in " + data.toAbsolutePath() + ")"));
        System.out.flush();
        stopped.await();
    }
}

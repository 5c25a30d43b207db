package com.example.shop.e2e;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The packaged platform started by the README's own command, {@code ./platform up}, in a
 * directory and on ports of its own so that it never meets a developer's running platform.
 * Everything runs as real processes: the embedded database, the three services, the gateway.
 */
final class LocalPlatform {

    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    final Path directory;
    final int gatewayPort;
    final int catalogPort;
    final int categoryPort;
    final int cartPort;
    final int mongoPort;
    /** The packaged services serve /q/health, /q/metrics and /q/openapi on these (the prod profile's management interface). */
    final int gatewayManagementPort;
    final int catalogManagementPort;
    final int categoryManagementPort;
    final int cartManagementPort;
    private final Map<String, String> extraEnvironment;

    LocalPlatform(Path directory, Map<String, String> extraEnvironment) throws IOException {
        this.directory = directory;
        this.extraEnvironment = extraEnvironment;
        int[] ports = freePorts(9);
        this.gatewayPort = ports[0];
        this.catalogPort = ports[1];
        this.categoryPort = ports[2];
        this.cartPort = ports[3];
        this.mongoPort = ports[4];
        this.gatewayManagementPort = ports[5];
        this.catalogManagementPort = ports[6];
        this.categoryManagementPort = ports[7];
        this.cartManagementPort = ports[8];
    }

    /** A platform in {@code directory}, emptied first: every run starts on fresh data, keys and logs. */
    static LocalPlatform fresh(Path directory, Map<String, String> extraEnvironment) throws IOException {
        deleteRecursively(directory);
        return new LocalPlatform(directory, extraEnvironment);
    }

    /** Removes a directory of a test's with everything in it; nothing when it is not there. */
    static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** The log of a component in the platform's logs/ ({@code gateway}, {@code cart}, ...), as written so far. */
    String log(String component) throws IOException {
        return Files.readString(directory.resolve("logs").resolve(component + ".log"));
    }

    /**
     * The request line and status each process's access log writes for one add-to-cart of
     * {@code kind-of-blue} through the gateway: the gateway's, the cart's, and the catalog's answer to
     * the cart's product lookup.
     */
    static Map<String, String> addToCartAccessLines(String cart) {
        return Map.of(
                "gateway", "\"POST /api/carts/" + cart + "/items HTTP/1.1\" 200",
                "cart", "\"POST /carts/" + cart + "/items HTTP/1.1\" 200",
                "catalog", "\"GET /products/kind-of-blue HTTP/1.1\" 200");
    }

    String gatewayUrl() {
        return "http://127.0.0.1:" + gatewayPort;
    }

    /** Runs {@code ./platform <args>} and returns its standard output; fails with its output on error. */
    String run(String... args) throws IOException, InterruptedException {
        return run(Map.of(), args);
    }

    /** {@link #run(String...)} with more environment for this one call (e.g. PLATFORM_TOKEN_TTL). */
    String run(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ROOT.resolve("platform").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile());
        builder.environment().putAll(environment());
        builder.environment().putAll(environment);
        Path err = Files.createTempFile("platform", ".err");
        builder.redirectError(err.toFile());
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("./platform " + String.join(" ", args) + " did not finish");
        }
        String errors = Files.readString(err);
        Files.deleteIfExists(err);
        System.out.print(errors);
        if (process.exitValue() != 0) {
            throw new IllegalStateException("./platform " + String.join(" ", args) + " failed (exit "
                    + process.exitValue() + "):\n" + out + errors);
        }
        return out;
    }

    /**
     * What {@code ./platform} is run with, beside the caller's environment: this platform's directory
     * and ports, and the extra environment it was made with. A shell given these runs
     * {@code ./platform token} (or any command of it) against this platform.
     */
    Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PLATFORM_DIR", directory.toString());
        env.put("GATEWAY_PORT", String.valueOf(gatewayPort));
        env.put("CATALOG_PORT", String.valueOf(catalogPort));
        env.put("CATEGORY_PORT", String.valueOf(categoryPort));
        env.put("CART_PORT", String.valueOf(cartPort));
        env.put("MONGO_PORT", String.valueOf(mongoPort));
        env.put("GATEWAY_MANAGEMENT_PORT", String.valueOf(gatewayManagementPort));
        env.put("CATALOG_MANAGEMENT_PORT", String.valueOf(catalogManagementPort));
        env.put("CATEGORY_MANAGEMENT_PORT", String.valueOf(categoryManagementPort));
        env.put("CART_MANAGEMENT_PORT", String.valueOf(cartManagementPort));
        env.putAll(extraEnvironment);
        return env;
    }

    /** Runs a script of the repository (for example {@code .ci/smoke-test}) and returns its output; fails with it on error. */
    String script(String path, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ROOT.resolve(path).toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException(path + " failed:\n" + out);
        }
        return out;
    }

    String adminToken() throws IOException, InterruptedException {
        return run("token").trim();
    }

    /** The process id of a component, as the platform recorded it. */
    long pidOf(String component) throws IOException {
        return Long.parseLong(Files.readString(directory.resolve("pids").resolve(component + ".pid")).trim());
    }

    /** SIGKILL, as a crash would: no shutdown hook runs. */
    void kill(String component) throws Exception {
        ProcessHandle handle = ProcessHandle.of(pidOf(component)).orElseThrow();
        handle.destroyForcibly();
        handle.onExit().get(30, TimeUnit.SECONDS);
    }

    private static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0);
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }
}

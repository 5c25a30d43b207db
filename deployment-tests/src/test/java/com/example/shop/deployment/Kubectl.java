package com.example.shop.deployment;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code kubectl kustomize} offline. The binary is $KUBECTL when set, else the first
 * {@code kubectl} on the PATH; without one the calling test is skipped (not failed) with a message.
 */
final class Kubectl {

    static final String MISSING = "kubectl not found (neither $KUBECTL nor on PATH): the k8s/ overlays"
            + " cannot be rendered, so their checks are SKIPPED. Install kubectl (Debian/Ubuntu: the"
            + " 'kubernetes-client' package, or the upstream kubectl binary, >= 1.14 for kustomize)"
            + " or set KUBECTL=/path/to/kubectl.";

    private static final java.util.concurrent.atomic.AtomicBoolean WARNED = new java.util.concurrent.atomic.AtomicBoolean();

    private static final Map<Path, String> RENDERED = new ConcurrentHashMap<>();

    private Kubectl() {
    }

    static Optional<Path> find() {
        String env = System.getenv("KUBECTL");
        if (env != null && !env.isBlank()) {
            Path p = Paths.get(env);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Paths.get(dir, "kubectl");
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Skips the calling test when kubectl is missing. */
    static Path require() {
        Optional<Path> kubectl = find();
        if (kubectl.isEmpty() && !WARNED.getAndSet(true)) {
            // also on the console: surefire only keeps assumption messages in its reports
            System.err.println("WARNING: " + MISSING + " ($KUBECTL=" + System.getenv("KUBECTL") + ")");
        }
        assumeTrue(kubectl.isPresent(), MISSING);
        return kubectl.get();
    }

    /** The multi-document YAML that {@code kubectl kustomize dir} prints; fails the test on an error. */
    static String kustomize(Path dir) {
        Path kubectl = require();
        return RENDERED.computeIfAbsent(dir.toAbsolutePath().normalize(), d -> run(kubectl, d));
    }

    private static String run(Path kubectl, Path dir) {
        try {
            Process process = new ProcessBuilder(kubectl.toString(), "kustomize", dir.toString())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("kubectl kustomize " + dir + " did not finish within 60 s");
            }
            if (process.exitValue() != 0) {
                fail("kubectl kustomize " + dir + " exited with " + process.exitValue() + ":\n" + err.join());
            }
            return out.join();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String read(InputStream in) {
        try (in) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            in.transferTo(buffer);
            return buffer.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

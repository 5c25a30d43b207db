package com.example.shop.bench;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The platform's processes: its pid files may name a wrapper shell, the JVM being its child. */
final class Processes {

    private Processes() {
    }

    static Optional<ProcessHandle> jvm(Path pidFile) throws Exception {
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        if (h.isEmpty()) {
            return h;
        }
        if (isJava(h.get())) {
            return h;
        }
        return h.get().descendants().filter(Processes::isJava).findFirst();
    }

    private static boolean isJava(ProcessHandle p) {
        return p.info().command().map(c -> c.endsWith("/java") || c.equals("java")).orElse(false);
    }

    /** SIGKILL, as a crash: no shutdown hook runs. Returns false if nothing ran. */
    static boolean kill9(Path pidFile) throws Exception {
        Optional<ProcessHandle> h = jvm(pidFile);
        if (h.isEmpty()) {
            return false;
        }
        h.get().destroyForcibly();
        h.get().onExit().get(30, TimeUnit.SECONDS);
        return true;
    }

    /** {@code ./platform restart NAME}; true when it came back healthy within the bound. */
    static boolean platformRestart(String script, String name, String log) throws Exception {
        Process p = new ProcessBuilder(script, "restart", name).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(new File(log))).start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return false;
        }
        return p.exitValue() == 0;
    }
}

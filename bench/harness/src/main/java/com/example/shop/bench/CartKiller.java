package com.example.shop.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Kills a platform component with SIGKILL every {@code every} (a crash: no shutdown hook runs) and
 * restarts it with {@code ./platform restart NAME}, as the kill-cart chaos case does, until stopped
 * or {@code maxKills} were done. The next kill comes {@code every} after the previous one, and at the
 * earliest a second after the component is back, so that it always serves a while between kills.
 * A stop never cuts a restart short: the component is left running.
 */
final class CartKiller {

    private final Path pidFile;
    private final String platform;
    private final String component;
    private final String restartLog;
    private final Duration every;
    private final int maxKills;
    private final List<Double> restartSeconds = new CopyOnWriteArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final Thread thread = new Thread(this::loop, "killer");
    private final AtomicInteger killed = new AtomicInteger();
    private volatile boolean stopped;
    private volatile boolean lastRestartFailed;

    CartKiller(Path pidFile, String platform, String component, String restartLog, Duration every, int maxKills) {
        this.pidFile = pidFile;
        this.platform = platform;
        this.component = component;
        this.restartLog = restartLog;
        this.every = every;
        this.maxKills = maxKills;
    }

    /** From {@code --kill-every S} (0 or absent: no killer), {@code --max-kills}, {@code --pidfile}, {@code --platform}. */
    static CartKiller from(Args a) {
        Duration every = a.seconds("kill-every", 0);
        if (every.isZero()) {
            return null;
        }
        return new CartKiller(Path.of(a.required("pidfile")), a.required("platform"), a.str("component", "cart"),
                a.str("restart-log", "/dev/null"), every, a.integer("max-kills", 60));
    }

    void start() {
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops killing, waits for a restart under way, and restarts once more if the last one failed. */
    void stop() throws Exception {
        stopped = true;
        thread.join(300_000);
        if (lastRestartFailed && Processes.platformRestart(platform, component, restartLog)) {
            log.add("restarted again after the load");
            lastRestartFailed = false;
        }
    }

    /** SIGKILLs sent. */
    int kills() {
        return killed.get();
    }

    List<String> log() {
        return log;
    }

    String summary() {
        double mean = restartSeconds.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double max = restartSeconds.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        return String.format(Locale.ROOT, "%d SIGKILLs of the %s service, one every %d s; restart to ready: mean %.1f s, max %.1f s%s",
                kills(), component, every.toSeconds(), mean, max, lastRestartFailed ? "; **the last restart FAILED**" : "");
    }

    private void loop() {
        long nextKill = System.nanoTime() + every.toNanos();
        try {
            for (int k = 0; k < maxKills && !stopped; k++) {
                while (!stopped && System.nanoTime() < nextKill) {
                    Thread.sleep(100);
                }
                if (stopped) {
                    return;
                }
                long killedAt = System.nanoTime();
                if (!Processes.kill9(pidFile)) {
                    log.add("kill " + (k + 1) + ": no process to kill");
                    nextKill = killedAt + every.toNanos();
                    continue;
                }
                killed.incrementAndGet();
                lastRestartFailed = !Processes.platformRestart(platform, component, restartLog);
                double back = (System.nanoTime() - killedAt) / 1e9;
                if (lastRestartFailed) {
                    log.add(String.format(Locale.ROOT, "kill %d: restart FAILED after %.1f s", k + 1, back));
                } else {
                    restartSeconds.add(back);
                }
                nextKill = Math.max(killedAt + every.toNanos(), System.nanoTime() + 1_000_000_000L);
            }
        } catch (Exception e) {
            log.add("killer failed: " + e);
        }
    }
}

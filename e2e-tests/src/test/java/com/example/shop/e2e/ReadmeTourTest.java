package com.example.shop.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's tour works as written: its commands ({@link ReadmeTour}) run one after the other in
 * one bash, in the repository, against a platform that {@code ./platform up} started with nothing
 * set but its own directory and ports ({@link LocalPlatform}); each must print exactly the answer the
 * README shows under it. The README's {@code 127.0.0.1:8080} is this platform's gateway, and
 * {@code ./platform} finds this platform by its environment, so {@code export TOKEN=$(./platform token)}
 * works as it does for a reader. {@code open URL} is a GET of the URL that must answer 200 (after
 * redirects). What is compared is a command's standard output; its standard error and exit status are
 * shown when it differs.
 */
class ReadmeTourTest {

    private static final String README_GATEWAY = "127.0.0.1:8080";
    /** A command's time; ./platform up is given the time of a start (it is already up: it only checks). */
    private static final Duration COMMAND_TIME = Duration.ofSeconds(90);
    private static final Duration START_TIME = Duration.ofMinutes(10);

    private static LocalPlatform platform;

    @BeforeAll
    static void start() throws Exception {
        platform = LocalPlatform.fresh(Path.of("target", "readme-tour-platform").toAbsolutePath(), Map.of());
        String banner = platform.run("up");
        assertTrue(banner.contains("The platform is up"), banner);
    }

    @AfterAll
    static void stop() throws Exception {
        if (platform != null) {
            platform.run("down");
        }
    }

    @Test
    void everyCommandOfTheTourGivesTheAnswerTheReadmeShows() throws Exception {
        ReadmeTour tour = ReadmeTour.read(LocalPlatform.ROOT.resolve("README.md"));
        String gateway = "127.0.0.1:" + platform.gatewayPort;
        List<String> differences = new ArrayList<>();
        StringBuilder transcript = new StringBuilder();
        try (Shell shell = new Shell(platform)) {
            for (ReadmeTour.Step step : tour.steps()) {
                String command = step.command().replace(README_GATEWAY, gateway);
                Answer answer = step.opens() ? opened(step.openedUrl().replace(README_GATEWAY, gateway))
                        : shell.run(command, step.command().startsWith("./platform up") ? START_TIME : COMMAND_TIME);
                transcript.append("$ ").append(step.command()).append('\n');
                answer.lines().forEach(line -> transcript.append(line).append('\n'));
                if (!answer.lines().equals(step.answer())) {
                    differences.add(String.format("README.md line %d:%n$ %s%nexpected:%n%s%nactual:%n%s%n(exit status %d%s)",
                            step.line(), step.command(), indented(step.answer()), indented(answer.lines()), answer.status(),
                            answer.errors().isBlank() ? "" : "; standard error:\n" + answer.errors().strip()));
                }
                if (answer.status() == Answer.TIMED_OUT) {
                    break;
                }
            }
        } finally {
            System.out.println("The tour as it ran:\n" + transcript);
        }
        assertTrue(differences.isEmpty(), differences.size() + " of " + tour.steps().size()
                + " commands of the README tour answered otherwise than it shows:\n\n" + String.join("\n", differences));
    }

    private static String indented(List<String> lines) {
        return lines.isEmpty() ? "    (nothing)" : "    " + String.join("\n    ", lines);
    }

    /** What a command printed on standard output (by line), its exit status and its standard error. */
    record Answer(List<String> lines, int status, String errors) {
        static final int TIMED_OUT = -1;
    }

    /** {@code open URL}: the page a browser would show, so a GET of it that answers 200 after redirects (and prints nothing). */
    private static Answer opened(String url) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
                .connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 ? new Answer(List.of(), 0, "")
                : new Answer(List.of("GET " + url + " answered " + response.statusCode() + " at " + response.uri()), 1, "");
    }

    /**
     * One bash for the whole tour, so that what a command sets ({@code CART=...}, {@code export TOKEN=...})
     * is there for the next, as in a reader's terminal. Each command runs with no standard input and
     * its standard error into a file; a marker line with its exit status follows its output.
     */
    private static final class Shell implements AutoCloseable {

        private final Process bash;
        private final Writer input;
        private final BlockingQueue<String> output = new LinkedBlockingQueue<>();
        private final Path errors;
        /** The shell's own complaints (a command it cannot parse), beside each command's. */
        private final Path shellErrors;
        private final String marker = "__readme_tour_" + UUID.randomUUID() + "__";

        Shell(LocalPlatform platform) throws IOException {
            errors = Files.createTempFile("readme-tour", ".err");
            shellErrors = Files.createTempFile("readme-tour-shell", ".err");
            ProcessBuilder builder = new ProcessBuilder("bash", "--noprofile", "--norc")
                    .directory(LocalPlatform.ROOT.toFile()).redirectError(ProcessBuilder.Redirect.appendTo(shellErrors.toFile()));
            builder.environment().putAll(platform.environment());
            builder.environment().put("TOUR_ERRORS", errors.toString());
            bash = builder.start();
            input = new OutputStreamWriter(bash.getOutputStream(), StandardCharsets.UTF_8);
            Thread reader = new Thread(() -> {
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(bash.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = lines.readLine()) != null; ) {
                        output.add(line);
                    }
                } catch (IOException ignored) {
                    // the shell is gone: run() times out and says so
                }
            }, "readme-tour-output");
            reader.setDaemon(true);
            reader.start();
        }

        Answer run(String command, Duration time) throws IOException, InterruptedException {
            // eval: a command the shell cannot parse fails alone instead of ending the shell. The marker
            // starts on a line of its own even after output without a final newline.
            String quoted = "'" + command.replace("'", "'\\''") + "'";
            List<String> lines = new ArrayList<>();
            try {
                input.write("{\neval " + quoted + "\n} </dev/null 2>\"$TOUR_ERRORS\"\nprintf '\\n%s %d\\n' '" + marker + "' \"$?\"\n");
                input.flush();
            } catch (IOException ended) {
                lines.add("(the shell has ended)");
                return new Answer(lines, Answer.TIMED_OUT, errors());
            }
            long deadline = System.nanoTime() + time.toNanos();
            while (true) {
                String line = output.poll(200, TimeUnit.MILLISECONDS);
                if (line == null && (System.nanoTime() > deadline || !bash.isAlive() && output.isEmpty())) {
                    lines.add(bash.isAlive() ? "(no answer within " + time.toSeconds() + " s)" : "(the shell has ended)");
                    return new Answer(lines, Answer.TIMED_OUT, errors());
                }
                if (line == null) {
                    continue;
                }
                if (line.startsWith(marker + " ")) {
                    // the newline before the marker ended the last line, or made an empty one
                    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
                        lines.remove(lines.size() - 1);
                    }
                    return new Answer(ReadmeTour.withoutTrailingBlanks(lines), Integer.parseInt(line.substring(marker.length() + 1).trim()),
                            errors());
                }
                lines.add(line);
            }
        }

        /** The command's standard error, and what the shell said since the last command (read once: appended to, then emptied). */
        private String errors() throws IOException {
            String shell = Files.readString(shellErrors);
            Files.writeString(shellErrors, "");
            return Files.readString(errors) + shell;
        }

        @Override
        public void close() throws IOException, InterruptedException {
            try {
                input.close();
            } catch (IOException ignored) {
                // it has ended already
            }
            if (!bash.waitFor(10, TimeUnit.SECONDS)) {
                // a command that never ended (a run followed forever): it and the shell go
                bash.descendants().forEach(ProcessHandle::destroyForcibly);
                bash.destroyForcibly();
            }
            Files.deleteIfExists(errors);
            Files.deleteIfExists(shellErrors);
        }
    }
}

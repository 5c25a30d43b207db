package com.example.shop.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README tour as {@link ReadmeTourTest} reads it, without a platform: how a block is read, and
 * that no answer shows a value the platform generates (ids, tokens, times), which would differ on
 * every run and on every reader's machine.
 */
class ReadmeTourShapeTest {

    /** What a generated value looks like: an ObjectId, a UUID, a time, a JWT, a cart id in a path. */
    private static final List<Pattern> GENERATED = List.of(
            Pattern.compile("\\b[0-9a-f]{24}\\b"),
            Pattern.compile("\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b"),
            Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}"),
            Pattern.compile("eyJ[A-Za-z0-9_-]{10,}"));

    @Test
    void aBlockIsCommandsEachWithTheLinesUnderIt() {
        ReadmeTour tour = ReadmeTour.of(String.join("\n", "# Title", "$ not read: outside the tour", ReadmeTour.BEGIN,
                "Prose, not read.", "```console", "$ echo one", "one", "$ export X=1", "$ printf '%s\\n' a \\", "    b",
                "a", "b", "", "```", "$ prose again", "```console", "$ open http://127.0.0.1:8080/api/docs", "```",
                ReadmeTour.END, "$ not read either"));
        assertEquals(List.of(
                new ReadmeTour.Step(6, "echo one", List.of("one")),
                new ReadmeTour.Step(8, "export X=1", List.of()),
                new ReadmeTour.Step(9, "printf '%s\\n' a \\\n    b", List.of("a", "b")),
                new ReadmeTour.Step(17, "open http://127.0.0.1:8080/api/docs", List.of())), tour.steps());
        assertTrue(tour.steps().get(3).opens());
        assertEquals("http://127.0.0.1:8080/api/docs", tour.steps().get(3).openedUrl());
    }

    @Test
    void aTourWithoutItsMarkersOrWithAnAnswerAloneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ReadmeTour.of("no tour here"));
        assertThrows(IllegalArgumentException.class, () -> ReadmeTour.of(
                String.join("\n", ReadmeTour.BEGIN, "```console", "an answer", "```", ReadmeTour.END)));
        assertThrows(IllegalArgumentException.class, () -> ReadmeTour.of(
                String.join("\n", ReadmeTour.BEGIN, "```console", "$ echo", ReadmeTour.END)));
    }

    @Test
    void theReadmeTourStartsThePlatformAndShowsNoGeneratedValue() throws Exception {
        ReadmeTour tour = ReadmeTour.read(LocalPlatform.ROOT.resolve("README.md"));
        List<String> commands = tour.steps().stream().map(ReadmeTour.Step::command).toList();
        assertTrue(commands.size() >= 30, "the tour has its commands: " + commands);
        assertTrue(commands.get(0).startsWith("./platform up"), commands.get(0));
        assertTrue(commands.contains("export API=http://127.0.0.1:8080/api"), commands.toString());
        assertTrue(commands.contains("open http://127.0.0.1:8080/api/docs"), commands.toString());
        List<String> generated = new ArrayList<>();
        for (ReadmeTour.Step step : tour.steps()) {
            for (String line : step.answer()) {
                if (GENERATED.stream().anyMatch(p -> p.matcher(line).find())) {
                    generated.add("README.md line " + step.line() + " ($ " + step.command() + "): " + line);
                }
            }
        }
        assertEquals(List.of(), generated, "answers showing generated values");
    }
}

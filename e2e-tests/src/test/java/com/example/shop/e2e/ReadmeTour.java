package com.example.shop.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The tour of the README: the lines between {@code <!-- tour:begin -->} and {@code <!-- tour:end -->}.
 * In its fenced blocks, a line starting with {@code $ } is a command (continued on the next line while
 * it ends with a backslash), and the lines under it, up to the next command or the block's end, are
 * what it prints. Prose between the blocks is not read.
 */
record ReadmeTour(List<Step> steps) {

    static final String BEGIN = "<!-- tour:begin -->";
    static final String END = "<!-- tour:end -->";
    private static final String PROMPT = "$ ";

    /** One command, the README line it starts on, and the answer shown under it (no trailing blank lines). */
    record Step(int line, String command, List<String> answer) {

        /** {@code open URL}: a page for the browser, checked as a GET answering 200. */
        boolean opens() {
            return command.startsWith("open ");
        }

        String openedUrl() {
            return command.substring("open ".length()).trim();
        }
    }

    static ReadmeTour read(Path readme) throws IOException {
        return of(Files.readString(readme));
    }

    static ReadmeTour of(String readme) {
        List<String> lines = readme.lines().toList();
        int begin = lines.indexOf(BEGIN);
        int end = lines.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException("README.md has no tour between " + BEGIN + " and " + END);
        }
        List<Step> steps = new ArrayList<>();
        boolean fenced = false;
        Integer at = null;
        StringBuilder command = null;
        List<String> answer = null;
        for (int i = begin + 1; i < end; i++) {
            String line = lines.get(i);
            if (line.startsWith("```")) {
                if (fenced && command != null) {
                    steps.add(step(at, command, answer));
                    command = null;
                }
                fenced = !fenced;
            } else if (!fenced) {
                continue;
            } else if (line.startsWith(PROMPT)) {
                if (command != null) {
                    steps.add(step(at, command, answer));
                }
                at = i + 1;
                command = new StringBuilder(line.substring(PROMPT.length()));
                answer = new ArrayList<>();
                while (command.toString().endsWith("\\") && i + 1 < end) {
                    command.append('\n').append(lines.get(++i));
                }
            } else if (command == null) {
                throw new IllegalArgumentException("README.md line " + (i + 1) + " is an answer without a command: " + line);
            } else {
                answer.add(line);
            }
        }
        if (fenced) {
            throw new IllegalArgumentException("README.md's tour ends inside a fenced block");
        }
        return new ReadmeTour(List.copyOf(steps));
    }

    private static Step step(int line, StringBuilder command, List<String> answer) {
        return new Step(line, command.toString(), withoutTrailingBlanks(answer));
    }

    static List<String> withoutTrailingBlanks(List<String> lines) {
        int n = lines.size();
        while (n > 0 && lines.get(n - 1).isBlank()) {
            n--;
        }
        return List.copyOf(lines.subList(0, n));
    }
}

package com.example.shop.catalog.search.index;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * The index's generations on disk: {@code catalog.search.directory} holds {@code index-1},
 * {@code index-2}, ... and a file {@code CURRENT} naming the one in use, so that a rebuild can build
 * the next one beside it and a restart opens whichever was swapped in last. Whatever else is there
 * (a rebuild killed before its swap, an old generation not removed yet, the files of an index from
 * before generations) is removed when the index is opened.
 */
final class IndexGenerations {

    private static final String CURRENT = "CURRENT";
    private static final Pattern GENERATION = Pattern.compile("index-([0-9]{1,9})");
    /** Files of an index kept directly in the directory (before generations), removed at open. */
    private static final Pattern LEGACY_FILE = Pattern.compile("(segments.*|pending_segments.*|write\\.lock|_.+|CURRENT\\.tmp)");
    private static final Logger LOG = Logger.getLogger(IndexGenerations.class);

    private final Path path;

    IndexGenerations(Path path) {
        this.path = path;
    }

    /** The directory of the generation {@code name}. */
    Path of(String name) {
        return path.resolve(name);
    }

    /**
     * The generation in use, {@code CURRENT} made to name the first one when there is none (a new
     * directory, or one from before generations).
     */
    String inUse() throws IOException {
        Files.createDirectories(path);
        String name = current();
        if (name == null) {
            name = next();
            pointTo(name);
        }
        return name;
    }

    /** The generation {@code CURRENT} names, or null when there is none. */
    private String current() throws IOException {
        Path pointer = path.resolve(CURRENT);
        if (!Files.exists(pointer)) {
            return null;
        }
        String name = Files.readString(pointer, StandardCharsets.UTF_8).trim();
        return GENERATION.matcher(name).matches() ? name : null;
    }

    /** Names {@code name} in {@code CURRENT}, atomically: a kill leaves the old name or the new one. */
    void pointTo(String name) throws IOException {
        Path temporary = path.resolve(CURRENT + ".tmp");
        Files.writeString(temporary, name, StandardCharsets.UTF_8);
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temporary, path.resolve(CURRENT), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The name the next generation takes: one past the highest on disk or named in {@code CURRENT}. */
    String next() throws IOException {
        long highest = 0;
        try (Stream<Path> entries = Files.list(path)) {
            for (Path entry : entries.toList()) {
                Matcher generation = GENERATION.matcher(entry.getFileName().toString());
                if (generation.matches()) {
                    highest = Math.max(highest, Long.parseLong(generation.group(1)));
                }
            }
        }
        String current = current();
        if (current != null) {
            Matcher generation = GENERATION.matcher(current);
            if (generation.matches()) {
                highest = Math.max(highest, Long.parseLong(generation.group(1)));
            }
        }
        return "index-" + (highest + 1);
    }

    /**
     * Removes the generations other than {@code keep} and {@code building} (the one a rebuild builds,
     * or null), and the files of an index from before generations.
     */
    void removeAllBut(String keep, String building) {
        try (Stream<Path> entries = Files.list(path)) {
            for (Path entry : entries.toList()) {
                String name = entry.getFileName().toString();
                boolean otherGeneration = GENERATION.matcher(name).matches() && !name.equals(keep)
                        && !name.equals(building) && Files.isDirectory(entry);
                boolean legacy = Files.isRegularFile(entry) && LEGACY_FILE.matcher(name).matches();
                if (otherGeneration) {
                    wipe(entry);
                    Files.deleteIfExists(entry);
                } else if (legacy) {
                    Files.deleteIfExists(entry);
                }
            }
        } catch (IOException e) {
            LOG.warnf("Old search index files under %s not removed (%s); they are removed at the next start", path, e.toString());
        }
    }

    /** Removes the generation {@code name} and its directory. */
    void remove(String name) throws IOException {
        Path generation = path.resolve(name);
        wipe(generation);
        Files.deleteIfExists(generation);
    }

    /** Deletes everything in {@code directory}, which stays. */
    static void wipe(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                if (!file.equals(directory)) {
                    Files.delete(file);
                }
            }
        }
    }
}

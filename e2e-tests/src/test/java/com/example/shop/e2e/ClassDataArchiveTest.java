package com.example.shop.e2e;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What {@code ./platform} keeps for a service's next start (class-data sharing, the header of
 * {@code ./platform}): a service's first JVM records the classes it loaded and writes them as it stops;
 * every later start maps that archive; a jar newer than the archive, or an archive cut short (a JVM killed
 * while writing it), makes the next start record again instead.
 * Whether a JVM maps the archive is read from {@code /proc/<pid>/maps}, so the test runs on Linux
 * only and says so where it skips.
 */
class ClassDataArchiveTest {

    private static LocalPlatform platform;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/maps")),
                "SKIPPED: no /proc/<pid>/maps on this system to tell whether a JVM maps an archive");
        platform = LocalPlatform.fresh(Path.of("target", "class-data-platform").toAbsolutePath(), Map.of());
        platform.run("up");
    }

    @AfterAll
    static void stop() throws Exception {
        if (platform != null) {
            platform.run("down");
        }
    }

    @Test
    void aServiceRecordsItsClassesOnceAndMapsThemAtLaterStartsUntilTheArchiveIsStaleOrCutShort() throws Exception {
        Path archive = platform.directory.resolve("cds").resolve("catalog.jsa");
        assertFalse(Files.exists(archive), "a fresh platform has no archive yet");
        assertRecords(archive, "the first JVM records");

        platform.run("restart", "catalog");
        assertTrue(Files.size(archive) > 1_000_000, "the stopped JVM wrote its archive: " + Files.size(archive) + " bytes");
        assertMapsTheArchive(archive);
        platform.run("restart", "catalog");
        assertMapsTheArchive(archive);

        Path jar = LocalPlatform.ROOT.resolve("catalog-service/target/quarkus-app/quarkus-run.jar");
        Files.setLastModifiedTime(archive, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        platform.run("restart", "catalog");
        assertRecords(archive, "an archive older than the jar is recorded again");
        assertFalse(Files.exists(archive), "the stale archive is gone until the new one is written");
        platform.run("restart", "catalog");
        assertMapsTheArchive(archive);

        // A JVM killed while writing its archive leaves a part, which would crash the JVM that maps it.
        archive.toFile().setWritable(true);
        try (FileChannel file = FileChannel.open(archive, StandardOpenOption.WRITE)) {
            file.truncate(file.size() / 2);
        }
        platform.run("restart", "catalog");
        assertRecords(archive, "a half-written archive is recorded again");
        assertTheCatalogAnswers();
        platform.run("restart", "catalog");
        assertMapsTheArchive(archive);

        assertFalse(platform.log("catalog").contains("[cds"), "no JVM said anything about its archive");
    }

    /** The catalog's JVM maps the archive and answers through the gateway. */
    private static void assertMapsTheArchive(Path archive) throws Exception {
        long pid = platform.pidOf("catalog");
        String commandLine = commandLine("catalog");
        assertTrue(commandLine.contains("-XX:SharedArchiveFile=" + archive), commandLine);
        assertTrue(Files.readString(Path.of("/proc", String.valueOf(pid), "maps")).contains(archive.toString()),
                "the JVM " + pid + " maps " + archive);
        assertTheCatalogAnswers();
    }

    /** The catalog's JVM records its archive as it exits. */
    private static void assertRecords(Path archive, String why) throws Exception {
        String commandLine = commandLine("catalog");
        assertTrue(commandLine.contains("-XX:ArchiveClassesAtExit=" + archive), why + ": " + commandLine);
    }

    private static void assertTheCatalogAnswers() {
        given().baseUri(platform.gatewayUrl()).when().get("/api/products/moanin")
                .then().statusCode(200).body("sku", equalTo("moanin"));
    }

    private static String commandLine(String component) throws Exception {
        return Files.readString(Path.of("/proc", String.valueOf(platform.pidOf(component)), "cmdline")).replace('\0', ' ');
    }
}

package com.example.shop.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The services run with the same JVM options everywhere: ./platform (its default
 * SERVICE_JAVA_OPTS), the container images (Dockerfile.jvm) and so k8s and docker compose; and
 * the containers' memory limits leave room above the heap for the rest of the JVM.
 */
class JvmOptionsTest {

    static List<String> platformOptions() throws Exception {
        String platform = Files.readString(RepoRoot.get().resolve("platform"));
        Matcher m = Pattern.compile("SERVICE_JAVA_OPTS=\"\\$\\{PLATFORM_SERVICE_JAVA_OPTS:-([^}]*)}\"").matcher(platform);
        assertTrue(m.find(), "./platform sets SERVICE_JAVA_OPTS with a default");
        return Arrays.asList(m.group(1).trim().split("\\s+"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"catalog-service", "category-service", "cart-service", "gateway"})
    void theImageRunsWithThePlatformsOptions(String module) throws Exception {
        String dockerfile = Files.readString(RepoRoot.get().resolve(module).resolve("src/main/docker/Dockerfile.jvm"));
        Matcher append = Pattern.compile("ENV JAVA_OPTS_APPEND=\"([^\"]*)\"").matcher(dockerfile);
        assertTrue(append.find(), module + ": JAVA_OPTS_APPEND");
        List<String> image = Arrays.asList(append.group(1).trim().split("\\s+"));
        for (String option : platformOptions()) {
            assertTrue(image.contains(option), module + "'s image lacks " + option + " (./platform uses it)");
        }
        // the base image's run-java.sh picks a collector of its own unless told
        assertTrue(dockerfile.contains("ENV GC_CONTAINER_OPTIONS=\"-XX:+UseSerialGC\""), module + ": GC_CONTAINER_OPTIONS");
        assertTrue(dockerfile.contains("ENV MALLOC_ARENA_MAX=2"), module + ": MALLOC_ARENA_MAX");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod"})
    void everyServiceContainerHasRoomAboveItsHeap(String overlay) throws Exception {
        long heap = megabytes(platformOptions().stream().filter(o -> o.startsWith("-Xmx")).findFirst().orElseThrow().substring(4));
        String rendered = Kubectl.kustomize(RepoRoot.get().resolve("k8s/overlays").resolve(overlay));
        for (String deployment : List.of("catalog-service", "category-service", "cart-service", "gateway")) {
            int at = rendered.indexOf("name: " + deployment + "\n");
            int limits = rendered.indexOf("limits:", rendered.indexOf("resources:", at));
            Matcher memory = Pattern.compile("memory: (\\d+)Mi").matcher(rendered.substring(limits, limits + 200));
            assertTrue(memory.find(), deployment + " has a memory limit in " + overlay);
            long limit = Long.parseLong(memory.group(1));
            assertTrue(limit >= heap + 128, deployment + " (" + overlay + "): a " + limit + " Mi limit for a " + heap
                    + " MB heap leaves too little for metaspace, code cache, threads and buffers");
        }
    }

    private static long megabytes(String size) {
        char unit = Character.toLowerCase(size.charAt(size.length() - 1));
        long n = Long.parseLong(size.substring(0, size.length() - 1));
        assertEquals('m', unit, "heap sizes are written in m");
        return n;
    }
}

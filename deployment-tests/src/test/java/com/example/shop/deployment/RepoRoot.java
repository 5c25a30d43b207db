package com.example.shop.deployment;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** The repository root, found from this module's directory (surefire runs in the module dir). */
final class RepoRoot {

    private RepoRoot() {
    }

    static Path get() {
        Path dir = Paths.get("").toAbsolutePath();
        for (Path candidate : new Path[] {dir.resolve(".."), dir}) {
            Path p = candidate.normalize();
            if (Files.isDirectory(p.resolve("k8s")) && Files.isRegularFile(p.resolve("pom.xml"))
                    && Files.isDirectory(p.resolve("deployment-tests"))) {
                return p;
            }
        }
        throw new IllegalStateException("repository root not found from " + dir
                + " (expected ../k8s, ../pom.xml next to deployment-tests/)");
    }
}

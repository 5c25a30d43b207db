package com.example.shop.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The one API document, merged at build time from the services' documents exactly as the gateway
 * merges their live ones, checked by the two tools client teams use: {@code openapi-generator
 * validate} (the command line of the generator the build also generates a client with) and
 * Spectral's {@code spectral:oas} ruleset (npm {@code @stoplight/spectral-cli}, installed under
 * {@code target/spectral} on first use unless {@code spectral} is on the PATH). No error from either; no
 * Spectral warning about operation ids, security or success answers.
 */
class ApiDocumentLintTest {

    /** Spectral warnings that would make the document unfit for generating a client. */
    private static final Set<String> FORBIDDEN_WARNINGS = Set.of("operation-operationId", "operation-operationId-unique",
            "operation-operationId-valid-in-url", "oas3-operation-security-defined", "operation-success-response");

    private static final Path DOCUMENT = Path.of(System.getProperty("api.document", "target/openapi/shop-api.json"));

    @Test
    void openApiGeneratorFindsNothingToReport() throws Exception {
        Path cli = Path.of(System.getProperty("openapi-generator.cli", "target/tools/openapi-generator-cli.jar"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Run validate = run(List.of(java, "-jar", cli.toString(), "validate", "-i", DOCUMENT.toString(), "--recommend"));
        System.out.println("openapi-generator validate --recommend:\n" + validate.output());
        assertEquals(0, validate.exit(), validate.output());
        assertTrue(validate.output().contains("No validation issues detected."), validate.output());
    }

    @Test
    void spectralFindsNoErrorAndNothingAgainstGeneratingAClient() throws Exception {
        Path ruleset = Path.of("src/test/resources/spectral.yaml").toAbsolutePath();
        Path report = Path.of("target", "spectral-report.json").toAbsolutePath();
        List<String> command = new ArrayList<>(spectral());
        command.addAll(List.of("lint", "--quiet", "--ruleset", ruleset.toString(), "--format", "json",
                "--output", report.toString(), "--fail-severity", "error", DOCUMENT.toString()));
        Run lint = run(command);
        JsonNode results = new JsonMapper().readTree(Files.readString(report));
        Map<String, Integer> bySeverityAndRule = new TreeMap<>();
        List<String> errors = new ArrayList<>();
        List<String> forbidden = new ArrayList<>();
        for (JsonNode result : results) {
            int severity = result.path("severity").asInt();
            String rule = result.path("code").asText();
            String where = rule + " at " + result.path("path") + ": " + result.path("message").asText();
            bySeverityAndRule.merge((severity == 0 ? "error " : severity == 1 ? "warning " : "info/hint ") + rule, 1, Integer::sum);
            if (severity == 0) {
                errors.add(where);
            } else if (severity == 1 && FORBIDDEN_WARNINGS.contains(rule)) {
                forbidden.add(where);
            }
        }
        System.out.println("Spectral spectral:oas on " + DOCUMENT.getFileName() + ": " + results.size() + " results "
                + bySeverityAndRule + (results.isEmpty() ? " (none)" : ""));
        assertEquals(List.of(), errors, "Spectral errors");
        assertEquals(List.of(), forbidden, "warnings that break client generation");
        assertEquals(0, lint.exit(), lint.output());
    }

    /** {@code spectral} from the PATH, else the pinned version installed once into target/spectral with npm. */
    private static List<String> spectral() throws Exception {
        if (run(List.of("sh", "-c", "command -v spectral")).exit() == 0) {
            return List.of("spectral");
        }
        Path directory = Path.of(System.getProperty("spectral.directory", "target/spectral")).toAbsolutePath();
        Path binary = directory.resolve("node_modules/.bin/spectral");
        if (!Files.isExecutable(binary)) {
            String version = System.getProperty("spectral.version", "6.16.3");
            Files.createDirectories(directory);
            Run install = run(List.of("npm", "install", "--no-audit", "--no-fund", "--prefix", directory.toString(),
                    "@stoplight/spectral-cli@" + version));
            assertEquals(0, install.exit(), "npm install @stoplight/spectral-cli failed (node and npm are needed):\n" + install.output());
        }
        return List.of(binary.toString());
    }

    private record Run(int exit, String output) {
    }

    private static Run run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish");
        }
        return new Run(process.exitValue(), output);
    }
}

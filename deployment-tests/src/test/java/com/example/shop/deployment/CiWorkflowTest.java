package com.example.shop.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * .github/workflows/ci.yml: the proof on real MongoDB for anyone with Docker. It cannot run here
 * (no Docker engine), so its shape is checked: the README's test command with TEST_MONGO=container,
 * then docker compose up, the sample catalog and the smoke test through the gateway, with every
 * script it runs present in the repository.
 */
class CiWorkflowTest {

    static final Path ROOT = RepoRoot.get();

    static String workflow() throws IOException {
        return Files.readString(ROOT.resolve(".github/workflows/ci.yml"));
    }

    @Test
    void theWorkflowTestsOnRealMongoDbThenSmokeTestsTheComposeStack() throws IOException {
        assertEquals(List.of(), WorkflowChecks.check(workflow(), ROOT));
    }

    @Test
    void itRunsTheReadmesTestCommand() throws IOException {
        assertTrue(Files.readString(ROOT.resolve("README.md")).contains(WorkflowChecks.TEST_COMMAND),
                "the README's test command is '" + WorkflowChecks.TEST_COMMAND + "'");
        assertTrue(Files.readString(ROOT.resolve("README.md")).contains(".github/workflows/ci.yml"),
                "the README says what the workflow does and that it cannot run here");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            embedded MongoDB          | TEST_MONGO: container                 | TEST_MONGO: embedded                | with TEST_MONGO=container
            another test command      | run: mvn -B verify                    | run: mvn -B package                 | the README's test command
            no smoke test             | .ci/smoke-test http://localhost:8080  | echo http://localhost:8080          | no step runs the smoke test
            missing script            | .ci/smoke-test http://localhost:8080  | .ci/smoke http://localhost:8080     | runs .ci/smoke, which is not an executable file
            compose without waiting   | --build -d --wait --wait-timeout 600  | --build -d                          | no step runs 'docker compose up --build --wait'
            no cleanup                | if: always()                          | if: success()                       | runs 'docker compose down'
            a runner without Docker   | runs-on: ubuntu-latest                | runs-on: windows-latest             | is not a hosted Ubuntu runner
            no cursor secret          | echo "CATALOG_CURSOR_SECRET=$(openssl rand -hex 32)" >> "$GITHUB_ENV" | true | sets CATALOG_CURSOR_SECRET
            """)
    void aBrokenWorkflowIsReported(String what, String from, String to, String expected) throws IOException {
        String yaml = workflow();
        assertTrue(yaml.contains(from), "ci.yml no longer contains: " + from);
        List<String> problems = WorkflowChecks.check(yaml.replace(from, to), ROOT);
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), what + ": expected '" + expected + "' in " + problems);
    }
}

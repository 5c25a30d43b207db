package com.example.shop.deployment;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * .github/workflows/ci.yml, checked as a file (it cannot run on machines without Docker): read
 * with SnakeYAML, its steps in order, and every script a step runs must exist in the repository.
 * Returns problems instead of failing, so a broken workflow can be checked too.
 */
final class WorkflowChecks {

    /** The README's test command. */
    static final String TEST_COMMAND = "mvn -B verify";

    /** Repository scripts a step may run: ./platform, .ci/..., platform-sample/... */
    private static final Pattern SCRIPT = Pattern.compile("(?<![\\w/.-])(\\./platform|\\.ci/[\\w.-]+|platform-sample/[\\w.-]+)(?![\\w/.-])");

    private WorkflowChecks() {
    }

    static List<String> check(String yaml, Path repoRoot) {
        List<String> problems = new ArrayList<>();
        Map<String, Object> root = ComposeChecks.load(yaml);
        // YAML 1.1 (SnakeYAML, and GitHub's own parser accepts it) reads the key `on` as true
        Object triggers = null;
        for (Map.Entry<?, ?> e : ((Map<?, ?>) root).entrySet()) {
            if ("on".equals(e.getKey()) || Boolean.TRUE.equals(e.getKey())) {
                triggers = e.getValue();
            }
        }
        if (!(triggers instanceof Map<?, ?> on) || !on.containsKey("push") || !on.containsKey("pull_request")) {
            problems.add("the workflow does not run on push and pull_request: " + triggers);
        }
        Map<?, ?> jobs = root.get("jobs") instanceof Map<?, ?> m ? m : Map.of();
        if (jobs.size() != 1) {
            problems.add("expected one job, found " + jobs.keySet());
            return problems;
        }
        Map<?, ?> job = (Map<?, ?>) jobs.values().iterator().next();
        if (!String.valueOf(job.get("runs-on")).startsWith("ubuntu-")) {
            problems.add("runs-on " + job.get("runs-on") + " is not a hosted Ubuntu runner (Docker engine)");
        }
        List<Map<?, ?>> steps = new ArrayList<>();
        if (job.get("steps") instanceof List<?> list) {
            list.forEach(s -> steps.add(s instanceof Map<?, ?> m ? m : Map.of()));
        }
        int checkout = index(steps, s -> String.valueOf(s.get("uses")).startsWith("actions/checkout@"));
        int java = index(steps, s -> String.valueOf(s.get("uses")).startsWith("actions/setup-java@")
                && s.get("with") instanceof Map<?, ?> with && "17".equals(String.valueOf(with.get("java-version"))));
        int tests = index(steps, s -> run(s).contains(TEST_COMMAND) && s.get("env") instanceof Map<?, ?> env
                && "container".equals(String.valueOf(env.get("TEST_MONGO"))));
        int keys = index(steps, s -> run(s).contains("openssl genpkey") && run(s).contains(".platform/keys/public.pem"));
        int secret = index(steps, s -> run(s).contains("CATALOG_CURSOR_SECRET=") && run(s).contains("GITHUB_ENV"));
        int up = index(steps, s -> run(s).contains("docker compose up") && run(s).contains("--build") && run(s).contains("--wait"));
        int load = index(steps, s -> run(s).contains("platform-sample/load http://localhost:8080"));
        int smoke = index(steps, s -> run(s).contains(".ci/smoke-test http://localhost:8080"));
        int down = index(steps, s -> run(s).contains("docker compose down") && "always()".equals(String.valueOf(s.get("if"))));
        if (checkout < 0) {
            problems.add("no actions/checkout step");
        }
        if (java < 0) {
            problems.add("no actions/setup-java step with java-version 17");
        }
        if (tests < 0) {
            problems.add("no step runs the README's test command '" + TEST_COMMAND + "' with TEST_MONGO=container");
        }
        if (keys < 0) {
            problems.add("no step creates the JWT key pair in .platform/keys that docker-compose.yml mounts");
        }
        if (secret < 0 || secret > up) {
            problems.add("no step before 'docker compose up' sets CATALOG_CURSOR_SECRET, which docker-compose.yml requires");
        }
        if (up < 0) {
            problems.add("no step runs 'docker compose up --build --wait'");
        }
        if (load < 0) {
            problems.add("no step loads the sample catalog through the gateway (platform-sample/load)");
        }
        if (smoke < 0) {
            problems.add("no step runs the smoke test through the gateway (.ci/smoke-test)");
        }
        if (down < 0) {
            problems.add("no 'if: always()' step runs 'docker compose down'");
        }
        if (!(checkout < java && java < tests && tests < up && keys < up && up < load && load < smoke && smoke < down)) {
            problems.add("steps out of order: checkout " + checkout + ", java " + java + ", tests " + tests + ", keys " + keys
                    + ", compose up " + up + ", sample " + load + ", smoke test " + smoke + ", down " + down);
        }
        for (Map<?, ?> step : steps) {
            Matcher script = SCRIPT.matcher(run(step));
            while (script.find()) {
                Path file = repoRoot.resolve(script.group(1)).normalize();
                if (!Files.isRegularFile(file) || !Files.isExecutable(file)) {
                    problems.add("step '" + step.get("name") + "' runs " + script.group(1) + ", which is not an executable file of the repository");
                }
            }
        }
        return problems;
    }

    private static String run(Map<?, ?> step) {
        return step.get("run") == null ? "" : String.valueOf(step.get("run"));
    }

    private static int index(List<Map<?, ?>> steps, java.util.function.Predicate<Map<?, ?>> test) {
        for (int i = 0; i < steps.size(); i++) {
            if (test.test(steps.get(i))) {
                return i;
            }
        }
        return -1;
    }
}

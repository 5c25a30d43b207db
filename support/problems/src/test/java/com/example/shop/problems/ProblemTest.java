package com.example.shop.problems;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The problem document as every service and the gateway write it: with Jackson, as UTF-8. */
class ProblemTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static String json(Problem problem) {
        try {
            return new String(MAPPER.writeValueAsBytes(problem), StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void standardMembersThenExtensionMembersAndNothingNull() {
        Problem problem = Problem.of(409, "insufficient-inventory", "Insufficient inventory", "Only 2 left")
                .with("sku", "moanin").with("available", 2L).with("requested", 5);
        assertEquals("{\"type\":\"https://problems.shop.example/insufficient-inventory\",\"title\":\"Insufficient inventory\","
                + "\"status\":409,\"detail\":\"Only 2 left\",\"sku\":\"moanin\",\"available\":2,\"requested\":5}", json(problem));
    }

    @Test
    void aSharedKindTakesAServicesOwnMembersAndKeepsItsTypeAndTitle() {
        ProblemException plain = Problems.notFound("No product with sku 'moanin'");
        Problem problem = plain.with("sku", "moanin").problem();
        assertEquals("{\"type\":\"https://problems.shop.example/not-found\",\"title\":\"Not found\",\"status\":404,"
                + "\"detail\":\"No product with sku 'moanin'\",\"sku\":\"moanin\"}", json(problem));
        assertEquals(Map.of(), plain.problem().extensions(), "the exception it came from is unchanged");
    }

    @Test
    void aStaleVersionIsA412ThatSaysTheCurrentVersion() {
        Problem problem = Problems.preconditionFailed("Product 'moanin'", 1, 3L).problem();
        assertEquals("{\"type\":\"https://problems.shop.example/precondition-failed\",\"title\":\"Precondition failed\","
                + "\"status\":412,\"detail\":\"Product 'moanin' is at version 3, not 1; read it again and retry\","
                + "\"currentVersion\":3}", json(problem));
    }

    @Test
    void everyStringIsEscapedSoThatAnyInputGivesValidJson() throws Exception {
        String hostile = "Bad value '\\\n\t\u0001\u2028' and a lone \ud800 surrogate; a pair \ud83d\ude00 stays";
        Problem problem = Problems.invalidField("na\"me", hostile).problem();
        String json = json(problem);
        assertTrue(json.contains("a lone \\uD800 surrogate"), "a lone surrogate is escaped, so the UTF-8 stays valid: " + json);
        JsonNode read = MAPPER.readTree(json);
        assertEquals(hostile, read.get("detail").asText());
        assertEquals("na\"me", read.get("field").asText());
    }

    @Test
    void nestedValuesListsAndNonFiniteNumbers() throws Exception {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("max", 4);
        limits.put("unknown", null);
        Problem problem = Problem.of(400, "x", "X", null).with("limits", limits).with("violations", List.of("a", 1, true))
                .with("gone", null).with("ratio", Double.NaN);
        assertEquals("{\"type\":\"https://problems.shop.example/x\",\"title\":\"X\",\"status\":400,"
                + "\"limits\":{\"max\":4,\"unknown\":null},\"violations\":[\"a\",1,true],\"ratio\":\"NaN\"}", json(problem));
        MAPPER.readTree(json(problem));
    }

    @Test
    void aProblemIsImmutable() {
        Problem problem = Problem.of(404, "not-found", "Not found", "nope");
        Problem more = problem.with("field", "sku");
        assertEquals(Map.of(), problem.extensions());
        assertEquals("sku", more.member("field"));
        assertThrows(UnsupportedOperationException.class, () -> more.extensions().put("x", 1));
    }

    @Test
    void theSharedKindsCarryTheirStatusAndType() {
        assertEquals(413, Problems.tooLarge(1024).problem().status());
        assertEquals("The request body is over the limit of 1024 bytes", Problems.tooLarge(1024).problem().detail());
        assertEquals("mongodb", Problems.unavailable("mongodb", "down").problem().member("dependency"));
        assertEquals(Problem.TYPE_BASE + "precondition-required", Problems.preconditionRequired("x").problem().type());
    }

    @Test
    void aClientsValueIsRepeatedUpToFortyCharacters() {
        assertEquals("sku-1", Problems.excerpt("sku-1"));
        assertEquals("x".repeat(40), Problems.excerpt("x".repeat(40)));
        assertEquals("x".repeat(40) + "…", Problems.excerpt("x".repeat(41)));
        assertEquals("y".repeat(40) + "…", Problems.excerpt("y".repeat(1_000_000)));
    }
}

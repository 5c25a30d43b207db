package com.example.shop.web.caching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import org.junit.jupiter.api.Test;

/** If-Match as a version guard: the ETag as sent, weak or bare; anything else a 400 naming the header. */
class IfMatchTest {

    @Test
    void theVersionAsTheETagWasSentWeakOrBare() {
        assertEquals(3, IfMatch.version("\"3\"", "product"));
        assertEquals(3, IfMatch.version("W/\"3\"", "product"));
        assertEquals(3, IfMatch.version("3", "product"));
        assertEquals(12, IfMatch.version("  \"12\" ", "product"));
        assertEquals(Long.MAX_VALUE, IfMatch.version(String.valueOf(Long.MAX_VALUE), "product"));
    }

    @Test
    void anythingElseIsA400NamingTheHeader() {
        for (String bad : new String[] {"0", "-1", "\"0\"", "abc", "\"3", "3\"", "\"\"", "", " ", "W/", "W/3x", "*",
                "\"1\", \"2\"", "1.0", "99999999999999999999", "\"a\"", "W/\"\""}) {
            Problem problem = assertThrows(ProblemException.class, () -> IfMatch.version(bad, "product"), bad).problem();
            assertEquals(400, problem.status(), bad);
            assertEquals("If-Match", problem.member("field"), bad);
            assertTrue(problem.detail().contains("product's version"), problem.detail());
        }
    }

    @Test
    void aLongValueIsCutInTheDetail() {
        String detail = assertThrows(ProblemException.class, () -> IfMatch.version("x".repeat(5000), "product"))
                .problem().detail();
        assertTrue(detail.length() < 200, detail);
    }

    @Test
    void requiredWithoutTheHeaderIs428() {
        Problem problem = assertThrows(ProblemException.class, () -> IfMatch.requiredVersion(null, "product")).problem();
        assertEquals(428, problem.status());
        assertEquals(5, IfMatch.requiredVersion("\"5\"", "product"));
    }

    @Test
    void optionalWithoutTheHeaderIsNoGuard() {
        assertNull(IfMatch.optionalVersion(null, "product"));
        assertEquals(5L, IfMatch.optionalVersion("5", "product"));
        assertEquals(400, assertThrows(ProblemException.class, () -> IfMatch.optionalVersion("five", "product"))
                .problem().status());
    }
}

package com.example.shop.publicapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class RequestIdsTest {

    private static final String UUID_SHAPE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    @ParameterizedTest
    @ValueSource(strings = {"a", "storefront-42.a", "trace:7_B", "0123456789"})
    void aValidIdIsKept(String id) {
        assertEquals(id, RequestIds.keptOrNew(id));
    }

    @Test
    void anIdOfTheMaximumLengthIsKept() {
        String longest = "x".repeat(RequestIds.MAX_LENGTH);
        assertEquals(longest, RequestIds.keptOrNew(longest));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "bad id", "quote\"", "<script>", "line\nbreak", "tab\t", "é", "a/b", "%41", "a;b"})
    void anInvalidIdIsReplacedByANewUuid(String id) {
        String kept = RequestIds.keptOrNew(id);
        assertNotEquals(id, kept);
        assertTrue(kept.matches(UUID_SHAPE), kept);
    }

    @Test
    void anIdOverTheMaximumLengthIsReplaced() {
        String tooLong = "x".repeat(RequestIds.MAX_LENGTH + 1);
        assertTrue(RequestIds.keptOrNew(tooLong).matches(UUID_SHAPE));
    }

    @Test
    void noIdGetsANewOneEachTime() {
        String first = RequestIds.keptOrNew(null);
        assertTrue(first.matches(UUID_SHAPE));
        assertNotEquals(first, RequestIds.keptOrNew(null));
        assertTrue(RequestIds.isValid(UUID.randomUUID().toString()), "a minted id passes the rule it is held to");
    }
}

package com.example.shop.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonLineTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyStringReadsBackAsWrittenWhateverItHolds() throws Exception {
        String hostile = "12\" \\ 'vinyl'\n\r\t\u0001\u001f é 😀";
        String line = new JsonLine().begin()
                .string(hostile, hostile)
                .strings("list", List.of(hostile, "plain"))
                .object("nested").string("value", hostile).end()
                .number("n", 7)
                .line().toString();

        JsonNode read = JSON.readTree(line);
        assertEquals(hostile, read.get(hostile).asText());
        assertEquals(hostile, read.get("list").get(0).asText());
        assertEquals("plain", read.get("list").get(1).asText());
        assertEquals(hostile, read.get("nested").get("value").asText());
        assertEquals(7, read.get("n").asLong());
    }

    @Test
    void controlCharactersAreEscapedAndNothingElseIs() {
        String line = new JsonLine().begin().string("s", "a\"b\\c\nd\u0001é").line().toString();

        assertEquals("{\"s\":\"a\\\"b\\\\c\\u000ad\\u0001é\"}", line);
    }
}

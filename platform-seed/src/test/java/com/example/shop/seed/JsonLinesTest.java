package com.example.shop.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonLinesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyStringReadsBackAsWrittenWhateverItHolds() throws Exception {
        String hostile = "12\" \\ 'vinyl'\n\r\t\u0001\u001f\u007f\u2028 é 😀 </script>";
        StringWriter out = new StringWriter();
        try (JsonLines lines = new JsonLines(out)) {
            lines.write(JsonLines.strings(JsonLines.object().put(hostile, hostile), "list", List.of(hostile, "plain"))
                    .put("n", 7)
                    .set("nested", JsonLines.object().put("value", hostile).putNull("none")));
            lines.write(JsonLines.object().put("second", hostile));
        }

        String[] written = out.toString().split("\n", -1);
        assertEquals(3, written.length, "two lines, each ended by a newline: " + out);
        assertEquals("", written[2]);
        JsonNode first = JSON.readTree(written[0]);
        assertEquals(hostile, first.get(hostile).asText());
        assertEquals(hostile, first.get("list").get(0).asText());
        assertEquals("plain", first.get("list").get(1).asText());
        assertEquals(7, first.get("n").asLong());
        assertEquals(hostile, first.get("nested").get("value").asText());
        assertTrue(first.get("nested").get("none").isNull());
        assertEquals(hostile, JSON.readTree(written[1]).get("second").asText());
    }

    @Test
    void fieldsKeepTheirOrderAndOnlyWhatJsonNeedsIsEscaped() throws Exception {
        StringWriter out = new StringWriter();
        try (JsonLines lines = new JsonLines(out)) {
            lines.write(JsonLines.object().put("s", "a\"b\\c\nd\u0001é").put("b", 2).put("a", 1));
        }

        assertEquals("{\"s\":\"a\\\"b\\\\c\\nd\\u0001é\",\"b\":2,\"a\":1}\n", out.toString());
        assertFalse(out.toString().substring(0, out.toString().length() - 1).chars().anyMatch(c -> c < 0x20),
                "no control character but the line's own newline");
    }
}

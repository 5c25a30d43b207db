package com.example.shop.web.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NdjsonLinesTest {

    @Test
    void numbersLinesSkipsBlankOnesAndReadsALastLineWithoutEnd() throws IOException {
        List<NdjsonLines.Line> lines = read("{\"a\":1}\r\n\n   \n{\"b\":2}\n{\"c\":3}", 100);
        assertEquals(List.of(1L, 4L, 5L), lines.stream().map(NdjsonLines.Line::number).toList());
        assertEquals("{\"a\":1}", lines.get(0).text());
        assertEquals("{\"c\":3}", lines.get(2).text());
    }

    @Test
    void aLineOverTheLimitIsRefusedAloneAndTheNextLineIsRead() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write("{\"first\":1}\n".getBytes(StandardCharsets.UTF_8));
        byte[] huge = new byte[10 * 1024 * 1024];
        java.util.Arrays.fill(huge, (byte) 'x');
        body.write(huge);
        body.write("\n{\"after\":1}\n".getBytes(StandardCharsets.UTF_8));
        List<NdjsonLines.Line> lines = read(body.toByteArray(), 1024 * 1024);
        assertEquals(3, lines.size());
        assertEquals(413, lines.get(1).problem().status());
        assertNull(lines.get(1).text());
        assertEquals("{\"after\":1}", lines.get(2).text());
    }

    @Test
    void invalidUtf8IsAProblemOfThatLineOnly() throws IOException {
        byte[] bad = {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}', '\n', '{', '}', '\n'};
        List<NdjsonLines.Line> lines = read(bad, 100);
        assertEquals("https://problems.shop.example/malformed-json", lines.get(0).problem().type());
        assertEquals("{}", lines.get(1).text());
    }

    @Test
    void anEmptyInputHasNoLines() throws IOException {
        assertEquals(List.of(), read("", 10));
    }

    @Test
    void seenKeysTellsARepeatAcrossGrowth() {
        SeenKeys keys = new SeenKeys();
        for (int i = 0; i < 50_000; i++) {
            assertEquals(true, keys.add("sku-" + i));
        }
        for (int i = 0; i < 50_000; i += 997) {
            assertEquals(false, keys.add("sku-" + i));
        }
    }

    private static List<NdjsonLines.Line> read(String text, long max) throws IOException {
        return read(text.getBytes(StandardCharsets.UTF_8), max);
    }

    private static List<NdjsonLines.Line> read(byte[] bytes, long max) throws IOException {
        NdjsonLines lines = new NdjsonLines(new ByteArrayInputStream(bytes), max);
        List<NdjsonLines.Line> all = new ArrayList<>();
        NdjsonLines.Line line;
        while ((line = lines.next()) != null) {
            all.add(line);
        }
        return all;
    }
}

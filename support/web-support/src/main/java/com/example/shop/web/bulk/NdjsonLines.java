package com.example.shop.web.bulk;

import com.example.shop.problems.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads NDJSON one line at a time in constant memory: a line is at most {@code maxLineBytes} (the
 * single-request body limit: a longer line could never be a valid single request), and a longer one
 * is skipped to its end without being kept. Lines end with {@code \n} ({@code \r\n} too); the last
 * line needs no end. Blank lines are skipped. Each line is decoded as strict UTF-8.
 */
final class NdjsonLines {

    /** A line: its number (from 1) and either its text or the problem that refuses it as it stands. */
    record Line(long number, String text, Problem problem) {
    }

    private final InputStream in;
    private final long maxLineBytes;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;
    private byte[] line = new byte[4096];
    private long number;
    private long bytesRead;

    NdjsonLines(InputStream in, long maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** Bytes taken from the input so far (some may still wait in the buffer: see {@link #buffered()}). */
    long bytesRead() {
        return bytesRead;
    }

    /** Bytes taken from the input but not yet read as lines. */
    long buffered() {
        return limit - position;
    }

    /** The next non-blank line, or null at the end of the input. */
    Line next() throws IOException {
        while (true) {
            int length = 0;
            boolean tooLong = false;
            boolean ended = false;
            boolean any = false;
            while (!ended) {
                if (position == limit && !fill()) {
                    break;
                }
                any = true;
                int start = position;
                while (position < limit && buffer[position] != '\n') {
                    position++;
                }
                int chunk = position - start;
                if (position < limit) {
                    position++; // the newline
                    ended = true;
                }
                if (!tooLong) {
                    if ((long) length + chunk > maxLineBytes) {
                        tooLong = true;
                    } else {
                        ensure(length + chunk);
                        System.arraycopy(buffer, start, line, length, chunk);
                        length += chunk;
                    }
                }
            }
            if (!any) {
                return null;
            }
            number++;
            if (tooLong) {
                return new Line(number, null, Problem.of(413, "payload-too-large", "Payload too large",
                        "Line " + number + " is over the limit of " + maxLineBytes + " bytes for one item"));
            }
            if (length > 0 && line[length - 1] == '\r') {
                length--;
            }
            if (isBlank(length)) {
                continue;
            }
            try {
                CharBuffer text = utf8.reset().decode(ByteBuffer.wrap(line, 0, length));
                return new Line(number, text.toString(), null);
            } catch (CharacterCodingException e) {
                return new Line(number, null, Problem.of(400, "malformed-json", "Malformed JSON",
                        "Line " + number + " is not valid UTF-8; NDJSON must be encoded in UTF-8"));
            }
        }
    }

    private boolean isBlank(int length) {
        for (int i = 0; i < length; i++) {
            byte b = line[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    private boolean fill() throws IOException {
        int read = in.read(buffer);
        if (read <= 0) {
            return false;
        }
        position = 0;
        limit = read;
        bytesRead += read;
        return true;
    }

    private void ensure(int capacity) {
        if (capacity > line.length) {
            line = Arrays.copyOf(line, Math.max(capacity, line.length * 2));
        }
    }
}

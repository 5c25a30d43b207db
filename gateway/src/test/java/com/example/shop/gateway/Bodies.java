package com.example.shop.gateway;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Large request bodies made on the fly (never held whole by the test), and raw HTTP/1.1 for {@code Expect: 100-continue}. */
final class Bodies {

    private Bodies() {
    }

    /**
     * {@code size} bytes of NDJSON-looking lines, generated as they are read; counts what has been
     * read so far ({@link #produced}) and digests it ({@link #sha256}) once read to the end.
     */
    static final class Generated extends InputStream {
        private final long size;
        private final AtomicLong produced = new AtomicLong();
        private final MessageDigest sha = StubUpstreams.sha256();
        private byte[] line = new byte[0];
        private int at;
        private long next;
        private String digest;

        Generated(long size) {
            this.size = size;
        }

        long produced() {
            return produced.get();
        }

        /** SHA-256 (hex) of the whole body; only once it has been read to the end. */
        String sha256() {
            if (digest == null) {
                throw new IllegalStateException("read " + produced() + " of " + size + " bytes");
            }
            return digest;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            long done = produced.get();
            if (done == size) {
                if (digest == null) {
                    digest = HexFormat.of().formatHex(sha.digest());
                }
                return -1;
            }
            int n = 0;
            while (n < len && done + n < size) {
                if (at == line.length) {
                    line = ("{\"sku\":\"import-" + next + "\",\"qty\":" + (next++ % 97) + "}\n").getBytes(StandardCharsets.US_ASCII);
                    at = 0;
                }
                int take = (int) Math.min(Math.min(len - n, line.length - at), size - done - n);
                System.arraycopy(line, at, b, off + n, take);
                at += take;
                n += take;
            }
            sha.update(b, off, n);
            produced.addAndGet(n);
            return n;
        }
    }

    static String sha256(byte[] body) {
        return HexFormat.of().formatHex(StubUpstreams.sha256().digest(body));
    }

    /** An answer read off a raw connection. */
    record Answer(int status, Map<String, String> headers, String body) {
    }

    /**
     * Sends the head of a request with {@code Content-Length: length} and {@code Expect: 100-continue},
     * as a client does that wants to know whether to send a large body at all, and reads the final
     * answer (the body is never sent, so a 100 Continue fails the test).
     */
    static Answer withoutBody(URI gateway, String method, String path, long length, String... headerLines) throws IOException {
        try (Socket socket = new Socket(gateway.getHost(), gateway.getPort())) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/x-ndjson\r\nContent-Length: " + length + "\r\nExpect: 100-continue\r\n");
            for (String line : headerLines) {
                head.append(line).append("\r\n");
            }
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String status = readLine(in);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
                int colon = line.indexOf(':');
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
            int code = Integer.parseInt(status.split(" ")[1]);
            if (code == 100) {
                throw new AssertionError("the gateway asked for the body: " + status);
            }
            byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
            return new Answer(code, headers, new String(body, StandardCharsets.UTF_8));
        }
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("connection closed after: " + line);
            }
            if (c != '\r') {
                line.write(c);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }
}

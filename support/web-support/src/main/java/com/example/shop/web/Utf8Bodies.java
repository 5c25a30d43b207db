package com.example.shop.web;

import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.io.PushbackInputStream;

/**
 * A JSON request body must be UTF-8 (RFC 8259, section 8.1). Jackson would otherwise guess the
 * encoding from the first bytes and read a UTF-16 or UTF-32 body as if it were fine, so a body
 * another component of the path (a WAF, a log, the gateway's checks) read as bytes would mean
 * something else here. A byte-order mark or a zero byte in the first two bytes (how UTF-16 and
 * UTF-32 JSON start) is a 400 malformed-json problem. The bytes decide, not a declared charset:
 * Jackson reads the bytes whatever the Content-Type says.
 */
@Provider
public class Utf8Bodies implements ReaderInterceptor {

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MediaType type = context.getMediaType();
        if (type == null || !"json".equals(type.getSubtype()) && !type.getSubtype().endsWith("+json")) {
            return context.proceed();
        }
        PushbackInputStream in = new PushbackInputStream(context.getInputStream(), 3);
        byte[] head = new byte[3];
        int read = in.readNBytes(head, 0, head.length);
        if (read > 0) {
            in.unread(head, 0, read);
        }
        if (read >= 2 && (head[0] == 0 || head[1] == 0 || (head[0] & 0xFE) == 0xFE)) {
            throw notUtf8("it starts like UTF-16 or UTF-32");
        }
        if (read == 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF) {
            throw notUtf8("it starts with a byte-order mark");
        }
        context.setInputStream(in);
        return context.proceed();
    }

    private static ProblemException notUtf8(String why) {
        return new ProblemException(Problem.of(400, "malformed-json", "Malformed JSON",
                "The request body must be JSON encoded in UTF-8, without a byte-order mark; " + why + "."));
    }
}

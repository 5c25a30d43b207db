package com.example.shop.web;

import com.example.shop.problems.Problems;
import com.example.shop.web.bulk.BulkImports;
import io.quarkus.runtime.configuration.MemorySize;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Cuts off a request body without a declared length (chunked) once it passes the single-request
 * limit, {@code shop.http.max-body-size}: a 413 problem, with nothing past the limit read. Vert.x's
 * own limit is the import's (1 GiB), so without this a chunked JSON body could be that large.
 * NDJSON bodies are imports: their limit is counted where they are spooled ({@link BulkImports}).
 */
@Provider
public class BoundedBodies implements ReaderInterceptor {

    @ConfigProperty(name = "shop.http.max-body-size", defaultValue = "1M")
    MemorySize requestLimit;

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MediaType type = context.getMediaType();
        if (type == null || !BulkImports.NDJSON.equals(type.getType() + "/" + type.getSubtype())) {
            context.setInputStream(new Bounded(context.getInputStream(), requestLimit.asLongValue()));
        }
        return context.proceed();
    }

    private static final class Bounded extends FilterInputStream {

        private final long limit;
        private long read;

        Bounded(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) {
            read += n;
            if (read > limit) {
                throw Problems.tooLarge(limit);
            }
        }
    }
}

package com.example.shop.web.bulk;

import jakarta.ws.rs.core.StreamingOutput;

/**
 * What a service plugs into its {@link BulkResource} to be exported: every item as one NDJSON line, in the
 * form its {@link LineImporter} takes back, streamed without holding more than a page of items
 * ({@link NdjsonOutput}).
 */
@FunctionalInterface
public interface LineExporter {

    StreamingOutput ndjson();
}

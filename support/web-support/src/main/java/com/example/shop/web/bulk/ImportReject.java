package com.example.shop.web.bulk;

import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A line the run refused: its number, its key (sku, slug) when it could be read, and the problem. */
@Schema(name = "ImportReject")
public record ImportReject(
        @Schema(description = "Line number in the file, from 1") long line,
        @Schema(description = "The line's sku (products, stock) or slug (categories), when the line could be read") String key,
        @Schema(description = "The RFC 9457 problem a single request with this line's JSON would get (type, title, status, detail, field)",
                implementation = Map.class) Map<String, Object> problem) {
}

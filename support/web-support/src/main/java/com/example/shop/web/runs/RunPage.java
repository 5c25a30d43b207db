package com.example.shop.web.runs;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The API document's name for a page of runs, newest first. */
@Schema(name = "RunPage")
public record RunPage(@Schema(required = true) List<Run> items,
                      @Schema(required = true, nullable = true, description = "Cursor of the next page; null on the last") String next) {
}

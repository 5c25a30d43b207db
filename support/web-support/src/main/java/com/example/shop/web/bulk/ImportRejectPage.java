package com.example.shop.web.bulk;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The API document's name for a {@link Page} of rejected lines. */
@Schema(name = "ImportRejectPage")
public record ImportRejectPage(List<ImportReject> items, @Schema(description = "Cursor of the next page; null on the last") String next) {
}

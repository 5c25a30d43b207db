package com.example.shop.category.categories;

import com.example.shop.web.bulk.BulkImports;
import com.example.shop.web.bulk.BulkNamed;
import com.example.shop.web.bulk.BulkResource;
import com.example.shop.web.bulk.NdjsonOutput;
import com.example.shop.web.caching.CachePolicy;
import com.example.shop.web.caching.HttpCaching;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Admin: the category tree in bulk ({@link BulkResource}), NDJSON in (an import, as a job:
 * {@link ImportCategories}) and out (the export: {@link ExportCategories}).
 */
@Path("/admin/categories")
@BulkNamed(value = "Category", plural = "Categories", line = CategoryLine.class,
        importing = "One {\"id\"?, \"slug\", \"name\", \"parent\"} a line, in any order (a parent may come after its child). "
                + "A slug that exists is updated (a changed parent moves its subtree) or left unchanged. A line that cannot be "
                + "placed (unknown parent, a cycle, an id conflict) is rejected with its line number, and nothing else.",
        exporting = "Parents before children: importing it into an empty store gives the same tree with the same ids.")
@RolesAllowed("admin")
@Tag(name = "category import and export", description = "Admin: the category tree in bulk, as NDJSON")
@HttpCaching(CachePolicy.PRIVATE_NO_STORE)
public class CategoryImportResource extends BulkResource {

    public CategoryImportResource(BulkImports imports, ImportCategories importer, ExportCategories export, ObjectMapper mapper) {
        super(imports, importer, () -> NdjsonOutput.of(export.lines(), mapper));
    }
}

package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The skus the import-kill case looks for in the catalog, read from a product file. */
class ImportKillTest {

    @TempDir
    Path dir;

    @Test
    void aLineWithVariantsHasTheirSkusAndOneWithoutIsItsOwnVariant() throws Exception {
        Path file = dir.resolve("products.ndjson");
        Files.writeString(file, """
                {"sku":"shirt","type":"Apparel","variants":[{"sku":"shirt-S"},{"sku":"shirt-M"}]}

                {"sku":"album","type":"Audio Album"}
                """);
        ImportKill.FileSkus skus = ImportKill.fileSkus(file);
        assertEquals(Set.of("shirt", "album"), skus.keys());
        assertEquals(Set.of("shirt-S", "shirt-M", "album"), skus.variants());
    }

    @Test
    void aVariantSkuTwiceMakesTheFileWrong() throws Exception {
        Path file = dir.resolve("twice.ndjson");
        Files.writeString(file, """
                {"sku":"a","variants":[{"sku":"a-1"}]}
                {"sku":"b","variants":[{"sku":"a-1"}]}
                """);
        assertThrows(IllegalArgumentException.class, () -> ImportKill.fileSkus(file));
    }
}

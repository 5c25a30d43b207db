package com.example.shop.web.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** Stored values read back as the stores need them, absent ones included. */
class StoredFieldsTest {

    @Test
    void aCountReadsTheSameWhateverWidthItWasStoredWith() {
        Document doc = new Document("int", 3).append("long", 4_000_000_000L).append("text", "5");
        assertEquals(3L, StoredFields.number(doc, "int"));
        assertEquals(4_000_000_000L, StoredFields.number(doc, "long"));
        assertEquals(0L, StoredFields.number(doc, "text"));
        assertEquals(0L, StoredFields.number(doc, "absent"));
        assertEquals(0L, StoredFields.number(null, "int"));
        assertNull(StoredFields.optionalNumber(doc, "absent"));
        assertEquals(3L, StoredFields.optionalNumber(doc, "int"));
    }

    @Test
    void theStringsOfAnArrayKeepTheirOrderAndLeaveOutAnythingElse() {
        Document doc = new Document("ids", Arrays.asList("b", "a", 7, null, "c")).append("one", "a");
        assertEquals(List.of("b", "a", "c"), StoredFields.strings(doc, "ids"));
        assertEquals(List.of(), StoredFields.strings(doc, "one"), "a string is not an array of strings");
        assertEquals(List.of(), StoredFields.strings(doc, "absent"));
        assertEquals(List.of(), StoredFields.strings(null, "ids"));
    }
}

package com.example.shop.web.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A keyset scan reads each page after the last row of the one before, and stops at the first short page. */
class PagedScanTest {

    /** Rows 1..n in order; records which row each page was read after. */
    private static final class Numbers implements PagedScan.Pages<Integer> {
        final int n;
        final List<Integer> readAfter = new ArrayList<>();

        Numbers(int n) {
            this.n = n;
        }

        @Override
        public synchronized List<Integer> after(Integer last, int size) {
            readAfter.add(last == null ? 0 : last);
            int from = last == null ? 1 : last + 1;
            return IntStream.rangeClosed(from, Math.min(n, from + size - 1)).boxed().toList();
        }
    }

    private static List<String> all(PagedScan<Integer, String> scan) {
        List<String> out = new ArrayList<>();
        try (scan) {
            scan.forEachRemaining(out::add);
        }
        return out;
    }

    @Test
    void everyRowOnceInOrderAcrossPages() {
        Numbers numbers = new Numbers(7);
        assertEquals(List.of("1", "2", "3", "4", "5", "6", "7"), all(PagedScan.of(numbers, 3, String::valueOf)));
        assertEquals(List.of(0, 3, 6), numbers.readAfter);
    }

    @Test
    void aFullLastPageCostsOneEmptyReadAndNoMore() {
        Numbers numbers = new Numbers(6);
        assertEquals(6, all(PagedScan.of(numbers, 3, String::valueOf)).size());
        assertEquals(List.of(0, 3, 6), numbers.readAfter);
    }

    @Test
    void anEmptySourceHasNoRows() {
        PagedScan<Integer, String> scan = PagedScan.of(new Numbers(0), 3, String::valueOf);
        assertFalse(scan.hasNext());
        assertThrows(NoSuchElementException.class, scan::next);
        scan.close();
    }

    @Test
    void aPageSizeBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PagedScan.of(new Numbers(1), 0, String::valueOf));
    }
}

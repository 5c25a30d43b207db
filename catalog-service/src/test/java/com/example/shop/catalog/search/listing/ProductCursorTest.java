package com.example.shop.catalog.search.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.shop.problems.ProblemException;
import java.util.Date;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ProductCursorTest {

    private final ProductCursor cursors = new ProductCursor("test-secret");

    @Test
    void roundTripsEveryKeyKind() {
        for (Object key : new Object[] {null, 42L, "Kind of Blue", new Date(0)}) {
            ProductSort sort = key == null ? ProductSort.SKU : key instanceof Long ? ProductSort.PRICE
                    : key instanceof String ? ProductSort.TITLE : ProductSort.ISSUE_DATE_DESC;
            String cursor = cursors.encode(7, new ProductCursor.Position(key, "sku-1"));
            assertEquals(new ProductCursor.Position(key, "sku-1"), cursors.decode(cursor, 7, sort));
        }
    }

    @Test
    void refusesCursorsOfAnotherKeyOrQueryOrType() {
        String cursor = cursors.encode(7, new ProductCursor.Position(42L, "sku-1"));
        assertThrows(ProblemException.class, () -> new ProductCursor("other").decode(cursor, 7, ProductSort.PRICE));
        assertThrows(ProblemException.class, () -> cursors.decode(cursor, 8, ProductSort.PRICE));
        assertThrows(ProblemException.class, () -> cursors.decode(cursor, 7, ProductSort.TITLE));
        assertThrows(ProblemException.class, () -> cursors.decode("!!", 7, ProductSort.PRICE));
        assertThrows(ProblemException.class, () -> cursors.decode("", 7, ProductSort.PRICE));
    }

    @Test
    void literalRegexMatchesOnlyTheText() {
        for (String text : new String[] {"(Live)", ".*", "a|b", "\\E.*\\Q", "[1.0]", "What? ^$", "ünïcode +"}) {
            Pattern pattern = Pattern.compile(MongoListingOracle.literal(text));
            assertEquals(true, pattern.matcher(text).matches(), text);
            assertEquals(false, pattern.matcher(text + "x").matches(), text);
        }
        assertEquals(false, Pattern.compile(MongoListingOracle.literal(".*")).matcher("anything").find());
    }
}

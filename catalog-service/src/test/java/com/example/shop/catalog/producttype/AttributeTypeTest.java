package com.example.shop.catalog.producttype;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text of a details value: what keywords are derived from and what search reads as text. */
class AttributeTypeTest {

    @Test
    void aStringAttributeHoldsItsString() {
        assertEquals(List.of("Miles Davis"), AttributeType.texts("Miles Davis"));
    }

    @Test
    void aStringListHoldsItsStringsInOrder() {
        assertEquals(List.of("So What", "Blue in Green"), AttributeType.texts(Arrays.asList("So What", null, "Blue in Green")));
    }

    @Test
    void valuesOfOtherTypesHoldNoText() {
        assertEquals(List.of(), AttributeType.texts(42));
        assertEquals(List.of(), AttributeType.texts(true));
        assertEquals(List.of(), AttributeType.texts(new Date(0)));
        assertEquals(List.of(), AttributeType.texts(null));
        assertEquals(List.of(), AttributeType.texts(List.of(1, 2)));
    }
}

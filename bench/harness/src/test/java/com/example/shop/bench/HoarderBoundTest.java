package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

/** The bound on what a hoarder may hold, from the limits the gateway announces. */
class HoarderBoundTest {

    @Test
    void aFullBucketPlusItsRefill() {
        HoarderCase.Policy carts = new HoarderCase.Policy("create-cart", 10, 60);
        assertEquals(10, carts.allowedIn(0));
        assertEquals(10, carts.allowedIn(5.9));
        assertEquals(11, carts.allowedIn(6));
        assertEquals(20, carts.allowedIn(60));
        HoarderCase.Policy adds = new HoarderCase.Policy("add-line", 60, 60);
        assertEquals(60, adds.allowedIn(0.9));
        assertEquals(120, adds.allowedIn(60));
    }

    @Test
    void theAnnouncedPolicyIsRead() {
        Matcher m = HoarderCase.Policy.HEADER.matcher("\"add-line\";q=60;w=60");
        m.find();
        assertEquals("add-line", m.group(1));
        assertEquals("60", m.group(2));
        assertEquals("60", m.group(3));
    }
}

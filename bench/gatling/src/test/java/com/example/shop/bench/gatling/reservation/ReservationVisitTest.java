package com.example.shop.bench.gatling.reservation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The open-model mix must end its sessions as the closed loop's does (Carts in bench-harness), or the two latencies compare different mixes. */
class ReservationVisitTest {

    @Test
    void endsAsTheHarnessMixDoes() {
        assertEquals("approve", ReservationVisit.ending(true, 0.0));
        assertEquals("approve", ReservationVisit.ending(true, 0.249));
        assertEquals("decline", ReservationVisit.ending(true, 0.25));
        assertEquals("decline", ReservationVisit.ending(true, 0.299));
        assertEquals("empty", ReservationVisit.ending(true, 0.30));
        assertEquals("empty", ReservationVisit.ending(true, 0.849));
        assertEquals("walk away", ReservationVisit.ending(true, 0.851));
    }

    @Test
    void aCartWithoutLinesIsNotCheckedOut() {
        assertEquals("empty", ReservationVisit.ending(false, 0.1));
        assertEquals("walk away", ReservationVisit.ending(false, 0.9));
    }
}

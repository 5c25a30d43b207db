package com.example.shop.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The way back from a stored or requested string to its enum constant. */
class WireNameTest {

    enum Tempo implements WireName {
        SLOW("slow"), UP_TEMPO("up-tempo");

        private final String wire;

        Tempo(String wire) {
            this.wire = wire;
        }

        @Override
        public String wire() {
            return wire;
        }
    }

    @Test
    void aStringFindsTheConstantShownAsIt() {
        assertEquals(Optional.of(Tempo.UP_TEMPO), WireName.find(Tempo.class, "up-tempo"));
        assertEquals(Optional.empty(), WireName.find(Tempo.class, "UP_TEMPO"), "the constant's Java name is not its wire name");
        assertEquals(Optional.empty(), WireName.find(Tempo.class, null));
    }

    @Test
    void aStoredValueOfNoConstantIsAFaultOfTheDataThatNamesTheValue() {
        assertEquals(Tempo.SLOW, WireName.stored(Tempo.class, "slow"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> WireName.stored(Tempo.class, "presto"));
        assertEquals("a stored Tempo 'presto' is none of slow, up-tempo", e.getMessage());
    }

    @Test
    void allListsTheWireNamesInDeclarationOrder() {
        assertEquals("slow, up-tempo", WireName.all(Tempo.class));
    }
}

package com.example.shop.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The way back from a stored or requested string to its enum constant. */
class WireNameTest {

    /** An enum may still spell its constants its own way. */
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

    enum Shade implements WireName {
        DEEP_BLUE,
        /** A constant with a body of its own is a subclass of the enum: spelled like the others. */
        GREY {
            @Override
            public String toString() {
                return "Grey";
            }
        }
    }

    enum Route implements WireName.Dashed {
        EXPIRE_CARTS, CLEANUP
    }

    @Test
    void byDefaultAConstantIsShownAsItsNameInLowerCaseAndADashedOneWithDashes() {
        assertEquals("deep_blue", Shade.DEEP_BLUE.wire());
        assertEquals("grey", Shade.GREY.wire());
        assertEquals("expire-carts", Route.EXPIRE_CARTS.wire());
        assertEquals("cleanup", Route.CLEANUP.wire());
        assertSame(Shade.DEEP_BLUE.wire(), Shade.DEEP_BLUE.wire(), "built once per constant, not at every call");
        assertEquals(Optional.of(Route.EXPIRE_CARTS), WireName.find(Route.class, "expire-carts"));
        assertEquals("deep_blue, grey", WireName.all(Shade.class));
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

package com.example.shop.gateway.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Who a request comes from: X-Forwarded-For is believed only from trusted proxies, and read from the right. */
class ClientAddressTest {

    private final ClientAddress behindTrusted = new ClientAddress(List.of("127.0.0.1", "10.0.0.0/8", "fd00::/8"));

    @Test
    void withoutTrustedProxiesThePeerIsTheClient() {
        ClientAddress none = new ClientAddress(List.of());
        assertEquals("127.0.0.1", none.of("127.0.0.1", "6.6.6.6"));
    }

    @Test
    void anUntrustedPeerCannotChooseItsAddress() {
        assertEquals("203.0.113.9", behindTrusted.of("203.0.113.9", "6.6.6.6"));
    }

    @Test
    void fromATrustedProxyTheRightMostUntrustedHopIsTheClient() {
        assertEquals("198.51.100.7", behindTrusted.of("127.0.0.1", "198.51.100.7"));
        // the client sent a made-up X-Forwarded-For; the CDN appended the address it really saw
        assertEquals("198.51.100.7", behindTrusted.of("127.0.0.1", "6.6.6.6, 198.51.100.7"));
        // a chain of trusted proxies is skipped
        assertEquals("198.51.100.7", behindTrusted.of("10.1.2.3", "198.51.100.7, 10.9.9.9 , 10.1.1.1"));
        assertEquals("2001:db8::1", behindTrusted.of("fd00::5", "2001:db8::1"));
    }

    @Test
    void noUsableHopLeavesThePeer() {
        assertEquals("127.0.0.1", behindTrusted.of("127.0.0.1", null));
        assertEquals("127.0.0.1", behindTrusted.of("127.0.0.1", "10.0.0.1, 10.0.0.2"));
        assertEquals("127.0.0.1", behindTrusted.of("127.0.0.1", " , "));
    }

    @Test
    void aNameIsNeverLookedUpAndCountsAsAnUntrustedHop() {
        assertEquals("localhost", behindTrusted.of("127.0.0.1", "localhost"));
    }

    @Test
    void aBadRangeIsRefusedAtStart() {
        assertThrows(IllegalArgumentException.class, () -> new ClientAddress(List.of("10.0.0.0/33")));
        assertThrows(IllegalArgumentException.class, () -> new ClientAddress(List.of("proxy.example")));
    }
}

package com.example.shop.cart.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Which literal addresses a receiver may not have (no lookup: every one is an IP literal). */
class ReceiverAddressesTest {

    @ParameterizedTest
    @CsvSource({
            "127.0.0.1, loopback", "127.5.6.7, loopback", "::1, loopback",
            "10.1.2.3, private", "172.16.0.1, private", "172.31.255.255, private", "192.168.1.1, private",
            "169.254.169.254, link-local", "fe80::1, link-local",
            "0.0.0.0, unspecified", "::, unspecified", "0.1.2.3, unspecified",
            "fd00::1, private (unique local)", "fc12:3456::1, private (unique local)",
            "100.64.0.1, shared (carrier-grade NAT)", "198.18.0.1, benchmarking", "240.0.0.1, reserved",
            "::ffff:127.0.0.1, loopback", "::ffff:10.0.0.1, private", "64:ff9b::a9fe:a9fe, link-local", "::7f00:1, loopback",
            "224.0.0.1, multicast"})
    void nonPublicAddressesAreNamed(String literal, String kind) throws Exception {
        assertEquals(kind, ReceiverAddresses.nonPublic(InetAddress.getByName(literal)).orElse("public"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.215.14", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "2001:4860:4860::8888"})
    void publicAddressesPass(String literal) throws Exception {
        assertTrue(ReceiverAddresses.nonPublic(InetAddress.getByName(literal)).isEmpty(), literal);
    }
}

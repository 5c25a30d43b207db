package com.example.shop.gateway.edge;

import io.vertx.core.http.HttpServerRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Who a request comes from, for the rate limits: the peer's address, unless the peer is one of
 * the configured trusted proxies (a storefront server, a CDN, a load balancer), in which case
 * {@code X-Forwarded-For} is read from the right, skipping trusted proxies, and the first address
 * that is not one of them is the client. Reading from the right matters: the left-most entries
 * are whatever the client chose to send.
 */
final class ClientAddress {

    private final List<Range> trusted;

    ClientAddress(List<String> trustedProxies) {
        this.trusted = trustedProxies.stream().map(Range::parse).toList();
    }

    String of(HttpServerRequest request) {
        return of(request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress(),
                request.getHeader("X-Forwarded-For"));
    }

    /** The client of a request from {@code peer} that carried {@code forwarded} as X-Forwarded-For (may be null). */
    String of(String peer, String forwarded) {
        if (trusted.isEmpty() || !isTrusted(peer) || forwarded == null) {
            return peer;
        }
        String[] hops = forwarded.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].trim();
            if (!hop.isEmpty() && !isTrusted(hop)) {
                return hop;
            }
        }
        return peer;
    }

    private boolean isTrusted(String address) {
        byte[] bytes = Range.literal(address);
        if (bytes == null) {
            return false;
        }
        for (Range range : trusted) {
            if (range.contains(bytes)) {
                return true;
            }
        }
        return false;
    }

    /** An address or CIDR range, IPv4 or IPv6. */
    record Range(byte[] network, int prefix) {

        static Range parse(String text) {
            String[] parts = text.trim().split("/");
            byte[] address = literal(parts[0]);
            if (address == null) {
                throw new IllegalArgumentException("gateway.rate-limits.trusted-proxies: '" + text + "' is not an IP address or CIDR range");
            }
            int prefix = parts.length == 2 ? Integer.parseInt(parts[1]) : address.length * 8;
            if (prefix < 0 || prefix > address.length * 8) {
                throw new IllegalArgumentException("gateway.rate-limits.trusted-proxies: bad prefix in '" + text + "'");
            }
            return new Range(address, prefix);
        }

        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = 0xFF << (8 - rest) & 0xFF;
            return (address[full] & mask) == (network[full] & mask);
        }

        /** The bytes of an IP literal, or null for anything else (never a DNS lookup). */
        static byte[] literal(String text) {
            String s = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
            boolean ipv4 = s.chars().allMatch(c -> Character.isDigit(c) || c == '.') && s.chars().filter(c -> c == '.').count() == 3;
            boolean ipv6 = s.indexOf(':') >= 0 && s.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.');
            if (!ipv4 && !ipv6) {
                return null;
            }
            try {
                return InetAddress.getByName(s).getAddress();
            } catch (UnknownHostException | SecurityException e) {
                return null;
            }
        }
    }
}

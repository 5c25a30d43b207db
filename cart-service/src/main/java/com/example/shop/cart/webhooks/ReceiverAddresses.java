package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Where a receiver's URL leads, and whether this service may go there (server-side request
 * forgery): a host that resolves to a private, loopback, link-local, unspecified or other
 * non-public address is refused unless {@code cart.webhooks.allow-private-addresses} is on. Checked
 * when a subscription is made and again before every request, since DNS can change in between; the
 * request then goes to the address checked, not to a second lookup (see docs/design.md, Webhooks).
 */
@ApplicationScoped
public class ReceiverAddresses {

    private final boolean allowPrivate;

    ReceiverAddresses(CartConfig config) {
        this.allowPrivate = config.webhooks().allowPrivateAddresses();
    }

    /** The address to send to, or why not. */
    record Checked(InetAddress address, String refusal) {
        boolean refused() {
            return refusal != null;
        }
    }

    /** Resolves the URL's host: every address it has must be allowed, and the first is the one to use. */
    Checked check(URI url) {
        String host = url.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return new Checked(null, "the host " + host + " does not resolve");
        }
        if (!allowPrivate) {
            for (InetAddress address : addresses) {
                Optional<String> kind = nonPublic(address);
                if (kind.isPresent()) {
                    return new Checked(null, "the host " + host + " resolves to " + address.getHostAddress() + ", a " + kind.get()
                            + " address; receivers must be public (cart.webhooks.allow-private-addresses)");
                }
            }
        }
        return new Checked(addresses[0], null);
    }

    /** What kind of non-public address this is, if it is one. */
    static Optional<String> nonPublic(InetAddress address) {
        if (address.isAnyLocalAddress()) {
            return Optional.of("unspecified");
        }
        if (address.isLoopbackAddress()) {
            return Optional.of("loopback");
        }
        if (address.isLinkLocalAddress()) {
            return Optional.of("link-local");
        }
        if (address.isSiteLocalAddress()) {
            return Optional.of("private");
        }
        if (address.isMulticastAddress()) {
            return Optional.of("multicast");
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            if (first == 0) {
                return Optional.of("unspecified");
            }
            if (first == 100 && (second & 0xc0) == 64) {
                return Optional.of("shared (carrier-grade NAT)");
            }
            if (first == 198 && (second & 0xfe) == 18) {
                return Optional.of("benchmarking");
            }
            if (first == 192 && second == 0 && (b[2] & 0xff) == 0) {
                return Optional.of("protocol-assignment");
            }
            if (first >= 240) {
                return Optional.of("reserved");
            }
            return Optional.empty();
        }
        if (address instanceof Inet6Address) {
            if ((b[0] & 0xfe) == 0xfc) {
                return Optional.of("private (unique local)");
            }
            // an IPv4 address inside IPv6: IPv4-mapped (::ffff:a.b.c.d, which Java reads as IPv4 already),
            // IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach what the IPv4 address does
            boolean zeros = true;
            for (int i = 0; i < 12; i++) {
                zeros &= b[i] == 0;
            }
            boolean nat64 = (b[0] & 0xff) == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b;
            for (int i = 4; nat64 && i < 12; i++) {
                nat64 = b[i] == 0;
            }
            if (zeros || nat64) {
                try {
                    return nonPublic(InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]}));
                } catch (UnknownHostException e) {
                    return Optional.of("reserved");
                }
            }
        }
        return Optional.empty();
    }
}

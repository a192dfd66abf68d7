package io.github.kcaccountconsole.extension.places;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The addresses worth a place: IP literals of the public internet. Private, loopback, link-local, shared (carrier NAT),
 * documentation and multicast addresses have none, and neither has anything that is not an IP literal: a name is never
 * resolved (no network lookup, ever).
 */
final class PublicAddress {

    private static final Pattern IPV4 = Pattern.compile(
            "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]+");

    private PublicAddress() {
    }

    /** The address, when {@code text} is an IP literal of the public internet. */
    static Optional<InetAddress> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String literal = text.trim();
        if (literal.startsWith("[") && literal.endsWith("]")) {
            literal = literal.substring(1, literal.length() - 1);
        }
        int zone = literal.indexOf('%');
        if (zone >= 0) {
            literal = literal.substring(0, zone);
        }
        // Only what InetAddress takes as a literal reaches it: anything else would be looked up in the DNS.
        boolean v4 = IPV4.matcher(literal).matches();
        if (!v4 && !(literal.indexOf(':') >= 0 && IPV6.matcher(literal).matches())) {
            return Optional.empty();
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(literal);
        } catch (UnknownHostException | SecurityException notALiteral) {
            return Optional.empty();
        }
        return isPublic(address) ? Optional.of(address) : Optional.empty();
    }

    static boolean isPublic(InetAddress address) {
        if (address.isAnyLocalAddress() || address.isLoopbackAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return false;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            int third = b[2] & 0xff;
            return first != 0 && first < 240 // "this network", reserved and broadcast
                    && !(first == 100 && second >= 64 && second < 128) // shared address space (carrier NAT)
                    && !(first == 192 && second == 0 && (third == 0 || third == 2)) // protocol assignments, TEST-NET-1
                    && !(first == 198 && (second == 18 || second == 19)) // benchmarking
                    && !(first == 198 && second == 51 && third == 100) // TEST-NET-2
                    && !(first == 203 && second == 0 && third == 113); // TEST-NET-3
        }
        if (address instanceof Inet6Address) {
            int first = b[0] & 0xff;
            return (first & 0xfe) != 0xfc // unique local
                    && !(first == 0x20 && (b[1] & 0xff) == 0x01 && (b[2] & 0xff) == 0x0d && (b[3] & 0xff) == 0xb8)
                    && !isIpv4Compatible(b); // ::a.b.c.d and the unspecified ranges
        }
        return false;
    }

    /** {@code ::/96}: the deprecated IPv4-compatible form, never a public IPv6 address. */
    private static boolean isIpv4Compatible(byte[] b) {
        for (int i = 0; i < 12; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }
}

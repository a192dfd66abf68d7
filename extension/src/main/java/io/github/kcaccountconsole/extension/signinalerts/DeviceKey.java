package io.github.kcaccountconsole.extension.signinalerts;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * What makes a sign-in's device "the same" for sign-in alerts: the browser family, the operating system family and
 * the network (the /24 of an IPv4 address, the /48 of an IPv6 address). Versions are left out, so an update of the
 * browser or the system is not a new device; the rest of the address is left out, so a new address from the same
 * provider's block is not one either. Only a salted hash of the key is stored.
 */
public final class DeviceKey {

    static final String UNKNOWN = "Other";

    // Only address literals are parsed: InetAddress would otherwise ask DNS about an arbitrary string.
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    private DeviceKey() {
    }

    /** "Chrome/120.0.0" (Keycloak's device representation writes family/version) reads "Chrome". */
    static String family(String browserWithVersion) {
        if (browserWithVersion == null || browserWithVersion.isBlank()) {
            return UNKNOWN;
        }
        int slash = browserWithVersion.indexOf('/');
        String family = (slash < 0 ? browserWithVersion : browserWithVersion.substring(0, slash)).trim();
        return family.isEmpty() ? UNKNOWN : family;
    }

    /** An operating system's family as Keycloak reports it ("Windows", "Mac OS X", "Linux"), or "Other". */
    static String os(String os) {
        return os == null || os.isBlank() ? UNKNOWN : os.trim();
    }

    /** The address's network: "192.0.2.0/24", "2001:db8:1:0:0:0:0:0/48"; anything else reads as "unknown". */
    static String network(String ip) {
        if (ip == null) {
            return "unknown";
        }
        String literal = ip.trim();
        int zone = literal.indexOf('%');
        if (zone >= 0) {
            literal = literal.substring(0, zone);
        }
        boolean ipv4 = IPV4.matcher(literal).matches();
        if (!ipv4 && !IPV6.matcher(literal).matches()
                || ipv4 && Arrays.stream(literal.split("\\.")).anyMatch(octet -> Integer.parseInt(octet) > 255)) {
            return "unknown";
        }
        byte[] bytes;
        try {
            bytes = InetAddress.getByName(literal).getAddress();
        } catch (UnknownHostException | SecurityException notAnAddress) {
            return "unknown";
        }
        int prefix = bytes.length == 4 ? 24 : 48;
        for (int bit = prefix; bit < bytes.length * 8; bit++) {
            bytes[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        try {
            return InetAddress.getByAddress(bytes).getHostAddress() + "/" + prefix;
        } catch (UnknownHostException impossible) {
            return "unknown";
        }
    }

    /** The device key of a sign-in, before hashing. */
    public static String of(String browserFamily, String osFamily, String network) {
        return browserFamily + "\n" + osFamily + "\n" + network;
    }

    /** The stored form: SHA-256 of the user's salt and the key, in hex. */
    public static String hash(String salt, String key) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(salt.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) '\n');
            return HexFormat.of().formatHex(digest.digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException("Every Java runtime has SHA-256", missing);
        }
    }
}

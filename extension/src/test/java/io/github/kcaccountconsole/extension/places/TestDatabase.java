package io.github.kcaccountconsole.extension.places;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a small database in the MaxMind DB format (version 2: an IPv6 search tree of 24-bit records, the data
 * section, the metadata), for the tests: networks with records of strings, maps and lists. IPv4 networks sit under
 * {@code ::/96}, where MaxMind's reader looks for IPv4 addresses in an IPv6 tree.
 */
final class TestDatabase {

    private final List<int[]> nodes = new ArrayList<>();
    private final ByteArrayOutputStream data = new ByteArrayOutputStream();
    private final List<Object[]> leaves = new ArrayList<>();
    private final String type;

    TestDatabase(String type) {
        this.type = type;
        nodes.add(new int[] {-1, -1});
    }

    /** A network ({@code "81.2.69.0/24"}, {@code "2a02:1234::/32"}) and its record. */
    TestDatabase add(String network, Map<String, Object> record) throws IOException {
        String[] parts = network.split("/");
        byte[] raw = InetAddress.getByName(parts[0]).getAddress();
        int prefix = Integer.parseInt(parts[1]);
        byte[] bits = new byte[16];
        if (raw.length == 4) {
            System.arraycopy(raw, 0, bits, 12, 4);
            prefix += 96;
        } else {
            bits = raw;
        }
        int offset = data.size();
        encode(record, data);
        int node = 0;
        for (int depth = 0; depth < prefix - 1; depth++) {
            int bit = bit(bits, depth);
            if (nodes.get(node)[bit] < 0) {
                nodes.add(new int[] {-1, -1});
                nodes.get(node)[bit] = nodes.size() - 1;
            }
            node = nodes.get(node)[bit];
        }
        leaves.add(new Object[] {node, bit(bits, prefix - 1), offset});
        return this;
    }

    byte[] bytes() throws IOException {
        int count = nodes.size();
        for (Object[] leaf : leaves) {
            // A data pointer: past the node count and the 16-byte separator, the record's offset in the data section.
            nodes.get((int) leaf[0])[(int) leaf[1]] = count + 16 + (int) leaf[2];
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int[] node : nodes) {
            for (int record : node) {
                int value = record < 0 ? count : record; // the node count: no data
                out.write(value >>> 16);
                out.write(value >>> 8);
                out.write(value);
            }
        }
        out.write(new byte[16]);
        data.writeTo(out);
        out.write(new byte[] {(byte) 0xAB, (byte) 0xCD, (byte) 0xEF});
        out.write("MaxMind.com".getBytes(StandardCharsets.US_ASCII));
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("node_count", new Unsigned(count, 6));
        metadata.put("record_size", new Unsigned(24, 5));
        metadata.put("ip_version", new Unsigned(6, 5));
        metadata.put("database_type", type);
        metadata.put("languages", List.of("en"));
        metadata.put("binary_format_major_version", new Unsigned(2, 5));
        metadata.put("binary_format_minor_version", new Unsigned(0, 5));
        metadata.put("build_epoch", new Unsigned(1_700_000_000L, 9));
        metadata.put("description", Map.of("en", "Test places by the extension's tests"));
        encode(metadata, out);
        return out.toByteArray();
    }

    /** Where the data section begins in {@link #bytes()}: after the search tree and its 16-byte separator. */
    int dataStart() {
        return nodes.size() * 6 + 16;
    }

    Path write(Path file) throws IOException {
        return Files.write(file, bytes());
    }

    private static int bit(byte[] bits, int index) {
        return (bits[index / 8] >> (7 - index % 8)) & 1;
    }

    /** An unsigned integer of MaxMind's type 5 (16 bits), 6 (32) or 9 (64). */
    record Unsigned(long value, int type) {
    }

    private static void encode(Object value, ByteArrayOutputStream out) throws IOException {
        if (value instanceof String text) {
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            control(2, utf8.length, out);
            out.write(utf8);
        } else if (value instanceof Map<?, ?> map) {
            control(7, map.size(), out);
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                encode(entry.getKey(), out);
                encode(entry.getValue(), out);
            }
        } else if (value instanceof List<?> list) {
            control(11, list.size(), out);
            for (Object item : list) {
                encode(item, out);
            }
        } else if (value instanceof Double number) {
            control(3, 8, out);
            long bits = Double.doubleToLongBits(number);
            for (int shift = 56; shift >= 0; shift -= 8) {
                out.write((int) (bits >>> shift));
            }
        } else if (value instanceof Unsigned number) {
            int length = 0;
            for (long rest = number.value(); rest != 0; rest >>>= 8) {
                length++;
            }
            control(number.type(), length, out);
            for (int i = length - 1; i >= 0; i--) {
                out.write((int) (number.value() >>> (8 * i)));
            }
        } else {
            throw new IllegalArgumentException("Not written by this test writer: " + value);
        }
    }

    /** A field's control byte: its type in the top three bits (0 and an extra byte past type 7), then its size. */
    private static void control(int type, int size, ByteArrayOutputStream out) {
        int first = (type <= 7 ? type : 0) << 5;
        byte[] extraSize;
        if (size < 29) {
            first |= size;
            extraSize = new byte[0];
        } else if (size < 285) {
            first |= 29;
            extraSize = new byte[] {(byte) (size - 29)};
        } else {
            first |= 30;
            int rest = size - 285;
            extraSize = new byte[] {(byte) (rest >>> 8), (byte) rest};
        }
        out.write(first);
        if (type > 7) {
            out.write(type - 7);
        }
        out.write(extraSize, 0, extraSize.length);
    }
}

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Random;

import io.github.kcaccountconsole.extension.places.PlaceBook;

/**
 * What one sign-in place costs: the extension's PlaceBook (docs/extension.md, "Sign-in places") over a real database,
 * looked up for random public IPv4 addresses. Prints the time of one lookup (median, 99th percentile, mean over a
 * batch) and the reader's memory: the file mapped into the address space, and the heap the open book holds. Run by
 * tools/bench/places.mjs, which builds the class path.
 */
public class PlaceLookup {

    public static void main(String[] args) throws Exception {
        String file = args[0];
        int samples = Integer.parseInt(args.length > 1 ? args[1] : "200000");
        long heapBefore = heapUsed();
        PlaceBook book = PlaceBook.of(file, null);
        long heapAfter = heapUsed();
        if (!book.offered()) {
            System.err.println("The database " + file + " cannot be read: see the log line above.");
            System.exit(1);
        }
        Random random = new Random(42);
        String[] addresses = new String[samples];
        for (int i = 0; i < samples; i++) {
            addresses[i] = (1 + random.nextInt(223)) + "." + random.nextInt(256) + "." + random.nextInt(256) + "."
                    + (1 + random.nextInt(254));
        }
        int found = 0;
        // Warm-up: the JIT compiles the path, and the pages of the file the lookups touch are read in.
        for (String address : addresses) {
            found += book.near(address, "en").isPresent() ? 1 : 0;
        }
        long[] each = new long[samples];
        for (int i = 0; i < samples; i++) {
            long start = System.nanoTime();
            book.near(addresses[i], "en");
            each[i] = System.nanoTime() - start;
        }
        long batchStart = System.nanoTime();
        for (String address : addresses) {
            book.near(address, "en");
        }
        double meanMicros = (System.nanoTime() - batchStart) / 1000.0 / samples;
        Arrays.sort(each);
        System.out.printf("database: %s%n", file);
        System.out.printf("lookups: %d random public IPv4 addresses, %d with a place%n", samples, found);
        System.out.printf("one lookup: median %.2f µs, p99 %.2f µs, mean over the batch %.2f µs%n",
                each[samples / 2] / 1000.0, each[(int) (samples * 0.99)] / 1000.0, meanMicros);
        long heap = heapAfter - heapBefore;
        System.out.printf("memory: %.1f MB of the file mapped (shared page cache, read as touched); heap of the open "
                + "reader %s%n", book.mappedBytes() / 1e6, heap < 1024 ? "under 1 KB" : (heap / 1024) + " KB");
        System.out.printf("resident set of this JVM: %s%n", residentSet());
    }

    private static long heapUsed() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    private static String residentSet() {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return line.substring(6).trim();
                }
            }
        } catch (java.io.IOException unreadable) {
            // Not Linux: the figure is left out.
        }
        return "unknown (" + ManagementFactory.getRuntimeMXBean().getVmName() + ")";
    }
}

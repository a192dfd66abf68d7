package io.github.kcaccountconsole.extension.places;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlaceBookTest {

    @TempDir
    Path folder;

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final java.util.List<String> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                logged.add(record.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listen() {
        java.util.logging.Logger.getLogger(PlaceBook.class.getName()).addHandler(handler);
    }

    @AfterEach
    void stopListening() {
        java.util.logging.Logger.getLogger(PlaceBook.class.getName()).removeHandler(handler);
    }

    /** MaxMind's layout (GeoLite2 City, DB-IP): nested names in several languages. */
    static Map<String, Object> maxmindRecord(String cityEn, String cityDe, String region, String country) {
        return Map.of(
                "city", Map.of("names", Map.of("en", cityEn, "de", cityDe)),
                "subdivisions", List.of(Map.of("iso_code", "ENG", "names", Map.of("en", region))),
                "country", Map.of("iso_code", country, "names", Map.of("en", "whatever")),
                "location", Map.of("latitude", 51.4, "longitude", -0.76));
    }

    /** The flat layout of the ip-location-db packages. */
    static Map<String, Object> flatRecord(String city, String state, String country) {
        return Map.of("city", city, "state1", state, "country_code", country, "latitude", 37.75);
    }

    private Path database() throws IOException {
        return new TestDatabase("Test-City")
                .add("81.2.69.0/24", maxmindRecord("Bracknell", "Bracknell (de)", "England", "GB"))
                .add("8.8.8.0/24", flatRecord("", "", "US"))
                .add("2a02:1000::/32", flatRecord("Berlin", "Land Berlin", "DE"))
                .write(folder.resolve("places.mmdb"));
    }

    private PlaceBook book(Path file) {
        return new PlaceBook(file, null, now::get);
    }

    @Test
    void findsThePlaceOfAPublicIpv4AddressInTheAskedLanguage() throws IOException {
        PlaceBook book = book(database());
        assertTrue(book.offered());
        assertEquals(Optional.of(new Place("Bracknell", "England", "GB")), book.near("81.2.69.142", "en"));
        assertEquals("Bracknell (de)", book.near("81.2.69.142", "de").orElseThrow().city());
        // A language the database lacks: English.
        assertEquals("Bracknell", book.near("81.2.69.142", "pt-BR").orElseThrow().city());
        // Only a country known: a place with the country alone.
        assertEquals(Optional.of(new Place(null, null, "US")), book.near("8.8.8.8", "en"));
        assertEquals("Test places by the extension's tests", book.attribution());
        assertEquals(Files.size(folder.resolve("places.mmdb")), book.mappedBytes());
    }

    @Test
    void findsThePlaceOfAnIpv6AddressInEveryWritingOfIt() throws IOException {
        PlaceBook book = book(database());
        Place berlin = new Place("Berlin", "Land Berlin", "DE");
        assertEquals(Optional.of(berlin), book.near("2a02:1000::1", "en"));
        assertEquals(Optional.of(berlin), book.near("2A02:1000:0:0:0:0:0:1", "en"));
        assertEquals(Optional.of(berlin), book.near("[2a02:1000::1]", "en"));
        assertEquals(Optional.empty(), book.near("2a02:2000::1", "en"));
    }

    @Test
    void privateLoopbackAndOtherNonPublicAddressesHaveNoPlace() throws IOException {
        PlaceBook book = book(database());
        for (String address : new String[] {"10.1.2.3", "172.16.0.1", "192.168.1.1", "127.0.0.1", "::1",
            "0:0:0:0:0:0:0:1", "fe80::1%eth0", "fd00::1", "100.64.0.1", "169.254.1.1", "0.0.0.0", "::",
            "224.0.0.1", "203.0.113.9", "2001:db8::1", "::81.2.69.142"}) {
            assertEquals(Optional.empty(), book.near(address, "en"), address);
        }
    }

    @Test
    void anUnknownOrMalformedAddressHasNoPlaceAndIsNeverLookedUpAsAName() throws IOException {
        PlaceBook book = book(database());
        // 1.1.1.1 is public but not in this database.
        for (String address : new String[] {"1.1.1.1", "unknown", "", "  ", null, "999.1.1.1", "81.2.69",
            "example.org", "81.2.69.142.example.org", "gg::1", "1:2:3"}) {
            assertEquals(Optional.empty(), book.near(address, "en"), String.valueOf(address));
        }
        assertTrue(PublicAddress.parse("localhost").isEmpty());
    }

    @Test
    void aMissingFileIsSaidOnceAndGivesNoPlace() {
        PlaceBook book = book(folder.resolve("absent.mmdb"));
        assertFalse(book.offered());
        assertEquals(Optional.empty(), book.near("81.2.69.142", "en"));
        now.addAndGet(PlaceBook.CHECK_EVERY_MILLIS);
        assertEquals(Optional.empty(), book.near("81.2.69.142", "en"));
        assertEquals(1, logged.stream().filter(line -> line.contains("does not exist")).count(), logged.toString());
        assertTrue(logged.get(0).contains("absent.mmdb"), logged.get(0));
        assertNull(book.attribution());
    }

    @Test
    void aCorruptFileIsSaidOnceAndGivesNoPlace() throws IOException {
        Path file = Files.write(folder.resolve("corrupt.mmdb"), "not a database at all".getBytes());
        PlaceBook book = book(file);
        assertFalse(book.offered());
        assertEquals(Optional.empty(), book.near("81.2.69.142", "en"));
        now.addAndGet(PlaceBook.CHECK_EVERY_MILLIS);
        assertEquals(Optional.empty(), book.near("81.2.69.142", "en"));
        assertEquals(1, logged.stream().filter(line -> line.contains("not a MaxMind DB file")).count(),
                logged.toString());
    }

    @Test
    void aRecordThatCannotBeDecodedGivesNoPlaceAndNoFailure() throws IOException {
        TestDatabase written = new TestDatabase("Test-City")
                .add("81.2.69.0/24", maxmindRecord("Bracknell", "Bracknell (de)", "England", "GB"));
        byte[] broken = written.bytes();
        // The search tree and the metadata stay; the data section becomes bytes that decode to nothing sensible.
        for (int i = written.dataStart(); i < indexOfMetadata(broken); i++) {
            broken[i] = (byte) 0xff;
        }
        PlaceBook book = book(Files.write(folder.resolve("broken.mmdb"), broken));
        assertTrue(book.offered());
        assertEquals(Optional.empty(), book.near("81.2.69.142", "en"));
        assertTrue(logged.stream().anyMatch(line -> line.contains("has a record that cannot be read")),
                logged.toString());
    }

    @Test
    void opensTheFileAgainWhenItChangesAndNotBeforeItsNextLook() throws IOException {
        Path file = database();
        PlaceBook book = book(file);
        assertEquals("GB", book.near("81.2.69.142", "en").orElseThrow().country());
        // Replaced as an operator should: a new file moved over the old one.
        Path next = new TestDatabase("Test-City")
                .add("81.2.69.0/24", flatRecord("Paris", "Île-de-France", "FR"))
                .write(folder.resolve("next.mmdb"));
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        assertEquals("GB", book.near("81.2.69.142", "en").orElseThrow().country());
        now.addAndGet(PlaceBook.CHECK_EVERY_MILLIS);
        assertEquals(Optional.of(new Place("Paris", "Île-de-France", "FR")), book.near("81.2.69.142", "en"));

        // Removed: no places, said in the log; back: places again.
        Files.move(file, folder.resolve("aside.mmdb"));
        now.addAndGet(PlaceBook.CHECK_EVERY_MILLIS);
        assertEquals(Optional.empty(), book.near("81.2.69.142", "en"));
        assertFalse(book.offered());
        assertTrue(logged.stream().anyMatch(line -> line.contains("does not exist")), logged.toString());
        Files.move(folder.resolve("aside.mmdb"), file);
        now.addAndGet(PlaceBook.CHECK_EVERY_MILLIS);
        assertTrue(book.offered());
        assertEquals("FR", book.near("81.2.69.142", "en").orElseThrow().country());
    }

    @Test
    void noDatabaseConfiguredOffersNothingAndSaysNothing() {
        assertEquals(PlaceBook.NONE, PlaceBook.of(null, "ignored"));
        assertEquals(PlaceBook.NONE, PlaceBook.of("  ", null));
        assertFalse(PlaceBook.NONE.offered());
        assertEquals(Optional.empty(), PlaceBook.NONE.near("81.2.69.142", "en"));
        assertNull(PlaceBook.NONE.attribution());
        assertEquals(0, PlaceBook.NONE.mappedBytes());
        assertTrue(logged.isEmpty(), logged.toString());
    }

    @Test
    void theOperatorsAttributionComesBeforeTheDatabasesDescription() throws IOException {
        PlaceBook book = new PlaceBook(database(), " Places by Someone ", now::get);
        assertEquals("Places by Someone", book.attribution());
    }

    @Test
    void readsEitherLayoutAndRefusesACountryThatIsNotACode() {
        assertEquals(Optional.of(new Place("Bracknell", "England", "GB")),
                PlaceBook.place(maxmindRecord("Bracknell", "B", "England", "GB"), "en"));
        assertEquals(Optional.of(new Place("Berlin", "Land Berlin", "DE")),
                PlaceBook.place(flatRecord("Berlin", "Land Berlin", "de"), "en"));
        assertEquals(Optional.empty(), PlaceBook.place(Map.of("country_code", "<script>"), "en"));
        assertEquals(Optional.empty(), PlaceBook.place(Map.of("location", Map.of()), "en"));
    }

    static int indexOfMetadata(byte[] bytes) {
        for (int i = bytes.length - 14; i >= 0; i--) {
            if ((bytes[i] & 0xff) == 0xAB && (bytes[i + 1] & 0xff) == 0xCD && (bytes[i + 2] & 0xff) == 0xEF) {
                return i;
            }
        }
        throw new AssertionError("no metadata marker");
    }
}

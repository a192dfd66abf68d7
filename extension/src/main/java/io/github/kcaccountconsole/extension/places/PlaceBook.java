package io.github.kcaccountconsole.extension.places;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;

import org.jboss.logging.Logger;

import com.maxmind.db.Reader;

/**
 * The operator's IP geolocation database in the MaxMind DB format (GeoLite2 City, DB-IP City Lite, or a licensed one),
 * read with MaxMind's reader: opened once per server, memory-mapped, shared by every request, and opened again when
 * the file changes (looked at no more than once per {@link #CHECK_EVERY_MILLIS}). Nothing here reaches the network.
 *
 * <p>Nothing in it fails a request: a missing or unreadable file, or a record that cannot be decoded, gives no place,
 * and the log says once what is wrong with the file (again only when the file changes).
 */
public final class PlaceBook {

    /** The option that names the database's path (docs/extension.md, "Sign-in places"). */
    public static final String DATABASE_OPTION = "places-database";
    /** The option that holds the database's attribution, as its licence asks it to be shown. */
    public static final String ATTRIBUTION_OPTION = "places-attribution";
    static final long CHECK_EVERY_MILLIS = 10_000;
    private static final String ENGLISH = "en";

    private static final Logger LOG = Logger.getLogger(PlaceBook.class);

    /** A server without a database: no places, and nothing said about them. */
    public static final PlaceBook NONE = new PlaceBook(null, null, System::currentTimeMillis);

    /** The file as last opened: its reader ({@code null} when it could not be opened), and what it looked like. */
    private record Opened(Reader reader, FileTime modified, long size, Object key) {
    }

    private final Path path;
    private final String attribution;
    private final LongSupplier clock;
    private final Object lock = new Object();
    private volatile Opened opened;
    private volatile long nextCheck;

    PlaceBook(Path path, String attribution, LongSupplier clock) {
        this.path = path;
        this.attribution = attribution == null || attribution.isBlank() ? null : attribution.trim();
        this.clock = clock;
        if (path != null) {
            opened = open(path, null);
            nextCheck = clock.getAsLong() + CHECK_EVERY_MILLIS;
        }
    }

    /** The book of the database at the option's path; {@link #NONE} when the option is unset. */
    public static PlaceBook of(String databasePath, String attribution) {
        if (databasePath == null || databasePath.isBlank()) {
            return NONE;
        }
        return new PlaceBook(Path.of(databasePath.trim()), attribution, System::currentTimeMillis);
    }

    /** Whether places can be shown now: a database is configured and could be opened. */
    public boolean offered() {
        if (path == null) {
            return false;
        }
        return current().reader() != null;
    }

    /** The attribution to show beside places (the operator's words, or the database's own description). */
    public String attribution() {
        if (path == null) {
            return null;
        }
        if (attribution != null) {
            return attribution;
        }
        Reader reader = current().reader();
        Map<String, String> description = reader == null ? null : reader.getMetadata().getDescription();
        String own = description == null ? null : description.get(ENGLISH);
        return own == null || own.isBlank() ? null : own;
    }

    /** How many bytes of the file are mapped into memory (0 when none is open): the reader's memory, beside a few KB. */
    public long mappedBytes() {
        return path == null || current().reader() == null ? 0 : current().size();
    }

    /**
     * The approximate place of an address, with city and region names in {@code language} where the database has them
     * (else in English). None for an address that is not a public IP literal, or that the database does not know.
     */
    public Optional<Place> near(String address, String language) {
        if (path == null) {
            return Optional.empty();
        }
        Optional<InetAddress> parsed = PublicAddress.parse(address);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        Opened now = current();
        if (now.reader() == null) {
            return Optional.empty();
        }
        Map<?, ?> record;
        try {
            record = now.reader().get(parsed.get(), Map.class);
        } catch (IOException | RuntimeException unreadable) {
            LOG.warnf("The places database %s has a record that cannot be read (%s): that address gets no place.",
                    path, unreadable.getMessage());
            return Optional.empty();
        }
        return record == null ? Optional.empty() : place(record, language == null ? ENGLISH : language);
    }

    /** The file as it is now: opened again when it changed since the last look (at most one look per interval). */
    private Opened current() {
        long now = clock.getAsLong();
        if (now < nextCheck) {
            return opened;
        }
        synchronized (lock) {
            if (now >= nextCheck) {
                nextCheck = now + CHECK_EVERY_MILLIS;
                Opened before = opened;
                Opened after = looked(before);
                if (after != before) {
                    opened = after;
                }
            }
            return opened;
        }
    }

    /** {@code before} when the file looks as it did; else the file opened anew. */
    private Opened looked(Opened before) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException missing) {
            attributes = null;
        }
        if (attributes == null ? before.modified() == null
                : Objects.equals(attributes.lastModifiedTime(), before.modified())
                        && attributes.size() == before.size() && Objects.equals(attributes.fileKey(), before.key())) {
            return before;
        }
        // The old reader is left to the garbage collector: a request may still be reading through it.
        return open(path, before);
    }

    private static Opened open(Path path, Opened before) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException missing) {
            LOG.errorf("The places database %s does not exist: sign-in places are not shown until it does.", path);
            return new Opened(null, null, 0, null);
        } catch (IOException unreadable) {
            LOG.errorf("The places database %s cannot be read (%s): sign-in places are not shown until it can.", path,
                    unreadable.getMessage());
            return new Opened(null, null, 0, null);
        }
        try {
            Reader reader = new Reader(path.toFile(), Reader.FileMode.MEMORY_MAPPED);
            LOG.infof("Sign-in places from %s (%s, built %s, %d bytes mapped)%s.", path,
                    reader.getMetadata().getDatabaseType(), reader.getMetadata().getBuildDate().toInstant(),
                    attributes.size(), before == null ? "" : ", opened again after the file changed");
            return new Opened(reader, attributes.lastModifiedTime(), attributes.size(), attributes.fileKey());
        } catch (IOException | RuntimeException unreadable) {
            LOG.errorf("The places database %s is not a MaxMind DB file that can be read (%s): sign-in places are not "
                    + "shown until it is replaced.", path, unreadable.getMessage());
            return new Opened(null, attributes.lastModifiedTime(), attributes.size(), attributes.fileKey());
        }
    }

    /**
     * A record's place, in either layout in use: MaxMind's ({@code city.names}, {@code subdivisions[0].names},
     * {@code country.iso_code}, as GeoLite2 and DB-IP write it) or the flat one of the ip-location-db packages
     * ({@code city}, {@code state1}, {@code country_code}).
     */
    static Optional<Place> place(Map<?, ?> record, String language) {
        String country = text(record.get("country_code"));
        if (country == null && record.get("country") instanceof Map<?, ?> nested) {
            country = text(nested.get("iso_code"));
        }
        String city = named(record.get("city"), language);
        String region = record.get("subdivisions") instanceof List<?> subdivisions && !subdivisions.isEmpty()
                ? named(subdivisions.get(0), language) : named(record.get("state1"), language);
        if (country != null && !country.matches("[A-Za-z]{2}")) {
            country = null;
        }
        if (country == null && city == null) {
            return Optional.empty();
        }
        return Optional.of(new Place(city, region,
                country == null ? null : country.toUpperCase(java.util.Locale.ROOT)));
    }

    /** A name: plain text, or MaxMind's {@code {names: {en: …, de: …}}} in the language asked for, else English. */
    private static String named(Object value, String language) {
        if (value instanceof Map<?, ?> entry && entry.get("names") instanceof Map<?, ?> names) {
            String own = text(names.get(language));
            return own != null ? own : text(names.get(ENGLISH));
        }
        return text(value);
    }

    private static String text(Object value) {
        return value instanceof String string && !string.isBlank() ? string.trim() : null;
    }
}

package io.github.kcaccountconsole.extension.sessions;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import io.github.kcaccountconsole.extension.shared.PageRequest;

/**
 * The rules of the user's offline sessions list ("lasting access"): the order, the page, the fields of a row, and which
 * session ids are worth a lookup. Pure: the resource hands in what Keycloak's session provider holds.
 */
public final class OfflineSessions {

    /** Longer than any id Keycloak gives a user session (a UUID, or a shorter random id on newer releases). */
    public static final int MAX_ID_LENGTH = 255;

    private OfflineSessions() {
    }

    /** What the list needs to order a session, before anything else of it is read. */
    public record Entry<S>(String id, long lastRefresh, S session) {
    }

    /** One application holding an offline token in the session: its client id and, where set, its name. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"clientId", "clientName"})
    public record Client(String clientId, String clientName) {
    }

    /**
     * One offline session as the console shows it; times in epoch milliseconds. The device fields are what Keycloak
     * noted at sign-in, as its own devices list gives them ({@code browser} as "Firefox/128.0"), so that the console
     * describes a device the same way in both lists; {@code null} where it noted nothing or only its "Other".
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"id", "started", "lastRefresh", "ipAddress", "browser", "os", "osVersion", "device", "clients"})
    public record Row(String id, long started, long lastRefresh, String ipAddress, String browser, String os,
                      String osVersion, String device, List<Client> clients) {
    }

    /** The answer of {@code GET offline-sessions}. */
    @JsonPropertyOrder({"first", "max", "hasMore", "sessions"})
    public record Page(int first, int max, boolean hasMore, List<Row> sessions) {
    }

    /** Newest refresh first; the id breaks ties so that pages never overlap or skip. */
    static final Comparator<Entry<?>> ORDER = Comparator.<Entry<?>>comparingLong(Entry::lastRefresh).reversed()
            .thenComparing(Entry::id);

    /**
     * The page of the user's sessions: sorted, then {@code max} from {@code first}. Only the page's sessions are turned
     * into rows ({@code toRow}), so a user with many sessions costs a sort of their ids and times, not a read of
     * every session's applications.
     */
    public static <S> Page page(List<Entry<S>> entries, PageRequest request, Function<S, Row> toRow) {
        List<Entry<S>> sorted = entries.stream().sorted(ORDER).toList();
        int from = Math.min(request.first(), sorted.size());
        int to = (int) Math.min((long) from + request.max(), sorted.size());
        List<Row> rows = sorted.subList(from, to).stream().map(entry -> toRow.apply(entry.session())).toList();
        return new Page(request.first(), request.max(), to < sorted.size(), rows);
    }

    /**
     * The page from the ids the database listed for it, in its order: up to {@code max + 1}, the one past the page
     * only saying that more follow. Each id is looked up ({@code lookup}); one that is gone meanwhile, or is not the
     * caller's, comes back {@code null} and is left out.
     */
    public static <S> Page pageOfIds(List<String> ids, PageRequest request, Function<String, S> lookup,
            Function<S, Row> toRow) {
        List<Row> rows = ids.stream()
                .limit(request.max())
                .map(lookup)
                .filter(Objects::nonNull)
                .map(toRow)
                .toList();
        return new Page(request.first(), request.max(), ids.size() > request.max(), rows);
    }

    /** Keycloak counts session times in seconds. */
    public static long millis(int epochSeconds) {
        return epochSeconds * 1000L;
    }

    /**
     * A device fact as the console shows it: Keycloak's parser says {@code Other} (and its unknown device says
     * {@code Other} or {@code Unknown}) where it found nothing; those, and blanks, become {@code null}.
     */
    public static String known(String value) {
        if (value == null || value.isBlank() || "Other".equalsIgnoreCase(value) || "Unknown".equalsIgnoreCase(value)) {
            return null;
        }
        return value;
    }

    /** An application's name, {@code null} where it has none. */
    public static String name(String name) {
        return name == null || name.isBlank() ? null : name;
    }

    /** The applications of a session in a stable order: by client id. */
    public static List<Client> clients(List<Client> clients) {
        return clients.stream()
                .sorted(Comparator.comparing(Client::clientId))
                .toList();
    }

    /**
     * Whether an id from the address can be one of Keycloak's session ids at all: 1 to 255 characters of letters,
     * digits, {@code -}, {@code _}, {@code .} and {@code :}. Anything else is refused before any lookup.
     */
    public static boolean plausibleId(String id) {
        return id != null && !id.isEmpty() && id.length() <= MAX_ID_LENGTH && id.matches("[A-Za-z0-9._:-]+");
    }
}

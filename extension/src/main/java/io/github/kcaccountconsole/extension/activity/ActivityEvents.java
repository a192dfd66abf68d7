package io.github.kcaccountconsole.extension.activity;

import java.time.Duration;
import java.util.Collections;
import java.util.Date;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.keycloak.events.Details;
import org.keycloak.events.EventQuery;
import org.keycloak.events.EventType;

import io.github.kcaccountconsole.extension.apppasswords.AppPasswords;
import io.github.kcaccountconsole.extension.places.Place;
import io.github.kcaccountconsole.extension.shared.PageRequest;

/** Which stored events a user sees as their account activity, and the fields of each that they see. */
public final class ActivityEvents {

    /**
     * The event types the activity list shows. UPDATE_PASSWORD, UPDATE_TOTP and REMOVE_TOTP are deprecated (newer
     * Keycloak records UPDATE_CREDENTIAL and REMOVE_CREDENTIAL instead) but stay: events stored before still say so.
     */
    @SuppressWarnings("deprecation")
    public static final Set<EventType> TYPES = Collections.unmodifiableSet(EnumSet.of(
            EventType.LOGIN, EventType.LOGIN_ERROR, EventType.LOGOUT,
            EventType.UPDATE_PASSWORD, EventType.UPDATE_PASSWORD_ERROR, EventType.UPDATE_TOTP, EventType.REMOVE_TOTP,
            EventType.UPDATE_CREDENTIAL, EventType.REMOVE_CREDENTIAL,
            EventType.UPDATE_EMAIL, EventType.VERIFY_EMAIL,
            EventType.FEDERATED_IDENTITY_LINK, EventType.REMOVE_FEDERATED_IDENTITY,
            EventType.GRANT_CONSENT, EventType.UPDATE_CONSENT, EventType.REVOKE_GRANT,
            EventType.UPDATE_PROFILE, EventType.DELETE_ACCOUNT));

    /** Credential types that may be named in a row; any other value of the detail is left out. */
    public static final Set<String> CREDENTIAL_TYPES = Set.of(
            "password", "otp", "webauthn", "webauthn-passwordless", "recovery-authn-codes",
            AppPasswords.CREDENTIAL_TYPE);

    /**
     * How far back the list goes. Before Keycloak 26.4 the event table has no index on the user, and the store finds a
     * user's events by walking the realm's events newest first (by its index on realm and time): without a lower
     * bound on the time, a user with few events makes it walk all of them. Events older than this are not listed.
     */
    public static final Duration WINDOW = Duration.ofDays(30);

    private ActivityEvents() {
    }

    /** The oldest time listed for a request at {@code now} (milliseconds since the epoch). */
    static long since(long now) {
        return now - WINDOW.toMillis();
    }

    /** The same types as the array the event query takes; a copy each time, so no caller can change the list. */
    static EventType[] queryTypes() {
        return TYPES.toArray(EventType[]::new);
    }

    /**
     * The store's query for one page: the user's listed events in the realm since {@code since}, newest first, one row
     * more than the page (to tell whether there is more).
     */
    static EventQuery query(EventQuery query, String realmId, String userId, PageRequest page, long since) {
        return query.realm(realmId)
                .user(userId)
                .type(queryTypes())
                .fromDate(new Date(since))
                .orderByDescTime()
                .firstResult(page.first())
                .maxResults(page.max() + 1);
    }

    /** A stored event reduced to what {@link #toRow} reads. */
    public record StoredEvent(long time, EventType type, String ipAddress, String clientId, String error,
                              Map<String, String> details) {
    }

    /** The detail of the extension's own UPDATE_CREDENTIAL events, and its value: the credential became the default. */
    public static final String CHANGE_DETAIL = "credential_change";
    public static final String DEFAULT_SECOND_FACTOR_CHANGE = "default_second_factor";

    /**
     * One row of the list: time, type, credential type, IP address, client, error, which change an
     * UPDATE_CREDENTIAL was when the extension recorded it ({@code default_second_factor}), and the address's
     * approximate place where the server has a places database, and nothing else (no session id, no codes, no other
     * details). A missing value is written as {@code null}, not left out.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"time", "type", "credentialType", "ipAddress", "clientId", "error", "change", "place"})
    public record Row(long time, EventType type, String credentialType, String ipAddress, String clientId,
                      String error, String change, Place place) {
    }

    /** The answer of the events endpoint. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"eventsEnabled", "first", "max", "hasMore", "events"})
    public record Page(boolean eventsEnabled, int first, int max, boolean hasMore, List<Row> events) {
    }

    /** Whether a stored event of this type belongs in the list. */
    public static boolean isListed(EventType type) {
        return type != null && TYPES.contains(type);
    }

    /** The row of a stored event; {@code place} is its address's place, or {@code null}. */
    public static Row toRow(StoredEvent event, Place place) {
        return new Row(event.time(), event.type(), credentialType(event.type(), event.details()),
                blankToNull(event.ipAddress()), blankToNull(event.clientId()), blankToNull(event.error()),
                change(event.type(), event.details()), place);
    }

    /** {@code default_second_factor} for the events the extension records when a credential becomes the default. */
    static String change(EventType type, Map<String, String> details) {
        return type == EventType.UPDATE_CREDENTIAL && details != null
                && DEFAULT_SECOND_FACTOR_CHANGE.equals(details.get(CHANGE_DETAIL)) ? DEFAULT_SECOND_FACTOR_CHANGE : null;
    }

    /** The credential type of a credential, OTP or password event, when it is one the list may name. */
    static String credentialType(EventType type, Map<String, String> details) {
        String name = type == null ? "" : type.name();
        if (!(name.endsWith("_CREDENTIAL") || name.endsWith("_TOTP") || name.endsWith("_PASSWORD"))) {
            return null;
        }
        String value = (details == null ? Collections.<String, String>emptyMap() : details).get(Details.CREDENTIAL_TYPE);
        return value != null && CREDENTIAL_TYPES.contains(value) ? value : null;
    }

    /** The answer for one page. {@code rows} may hold one row more than the page: it says there is more. */
    public static Page page(boolean eventsEnabled, PageRequest page, List<Row> rows) {
        boolean hasMore = rows.size() > page.max();
        return new Page(eventsEnabled, page.first(), page.max(), hasMore,
                hasMore ? List.copyOf(rows.subList(0, page.max())) : List.copyOf(rows));
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}

package io.github.kcaccountconsole.extension;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.keycloak.events.Details;
import org.keycloak.events.EventType;

/** Which stored events a user sees as their account activity, and the fields of each that they see. */
public final class ActivityEvents {

    /** The event types the activity list shows. */
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
            "password", "otp", "webauthn", "webauthn-passwordless", "recovery-authn-codes");

    private ActivityEvents() {
    }

    /** The same types as the array the event query takes; a copy each time, so no caller can change the list. */
    static EventType[] queryTypes() {
        return TYPES.toArray(EventType[]::new);
    }

    /** A stored event reduced to what {@link #toRow} reads. */
    public record StoredEvent(long time, EventType type, String ipAddress, String clientId, String error,
                              Map<String, String> details) {
    }

    /**
     * One row of the list: time, type, credential type, IP address, client and error, and nothing else (no session
     * id, no codes, no other details). A missing value is written as {@code null}, not left out.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"time", "type", "credentialType", "ipAddress", "clientId", "error"})
    public record Row(long time, EventType type, String credentialType, String ipAddress, String clientId,
                      String error) {
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

    public static Row toRow(StoredEvent event) {
        return new Row(event.time(), event.type(), credentialType(event.type(), event.details()),
                blankToNull(event.ipAddress()), blankToNull(event.clientId()), blankToNull(event.error()));
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

package io.github.kcaccountconsole.extension;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Which stored events a user sees as their account activity, and the fields of each that they see. */
public final class ActivityEvents {

    /** The event types the activity list shows, by name (the names of Keycloak's {@code EventType}). */
    public static final List<String> TYPES = List.of(
            "LOGIN", "LOGIN_ERROR", "LOGOUT",
            "UPDATE_PASSWORD", "UPDATE_PASSWORD_ERROR", "UPDATE_TOTP", "REMOVE_TOTP",
            "UPDATE_CREDENTIAL", "REMOVE_CREDENTIAL",
            "UPDATE_EMAIL", "VERIFY_EMAIL",
            "FEDERATED_IDENTITY_LINK", "REMOVE_FEDERATED_IDENTITY",
            "GRANT_CONSENT", "UPDATE_CONSENT", "REVOKE_GRANT",
            "UPDATE_PROFILE", "DELETE_ACCOUNT");

    /** Credential types that may be named in a row; any other value of the detail is left out. */
    public static final Set<String> CREDENTIAL_TYPES = Set.of(
            "password", "otp", "webauthn", "webauthn-passwordless", "recovery-authn-codes");

    /** The event detail Keycloak records the credential type under. */
    public static final String CREDENTIAL_TYPE_DETAIL = "credential_type";

    private ActivityEvents() {
    }

    /** A stored event reduced to what {@link #toRow} reads. */
    public record StoredEvent(long time, String type, String ipAddress, String clientId, String error,
                              Map<String, String> details) {
    }

    /** Whether a stored event of this type belongs in the list. */
    public static boolean isListed(String type) {
        return type != null && TYPES.contains(type);
    }

    /**
     * One row of the list: time, type, credential type, IP address, client and error, and nothing else (no session
     * id, no codes, no other details).
     */
    public static Map<String, Object> toRow(StoredEvent event) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("time", event.time());
        row.put("type", event.type());
        row.put("credentialType", credentialType(event.type(), event.details()));
        row.put("ipAddress", blankToNull(event.ipAddress()));
        row.put("clientId", blankToNull(event.clientId()));
        row.put("error", blankToNull(event.error()));
        return row;
    }

    /** The credential type of a credential, OTP or password event, when it is one the list may name. */
    static String credentialType(String type, Map<String, String> details) {
        if (type == null || !(type.endsWith("_CREDENTIAL") || type.endsWith("_TOTP") || type.endsWith("_PASSWORD"))) {
            return null;
        }
        String value = (details == null ? Collections.<String, String>emptyMap() : details).get(CREDENTIAL_TYPE_DETAIL);
        return value != null && CREDENTIAL_TYPES.contains(value) ? value : null;
    }

    /** The response of the events endpoint. {@code rows} may hold one row more than the page: it says there is more. */
    public static Map<String, Object> page(boolean eventsEnabled, PageRequest page, List<Map<String, Object>> rows) {
        boolean hasMore = rows.size() > page.max();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("eventsEnabled", eventsEnabled);
        body.put("first", page.first());
        body.put("max", page.max());
        body.put("hasMore", hasMore);
        body.put("events", hasMore ? List.copyOf(rows.subList(0, page.max())) : List.copyOf(rows));
        return body;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}

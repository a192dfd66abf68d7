package io.github.kcaccountconsole.extension;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;

import org.keycloak.models.KeycloakSession;
import org.keycloak.models.UserModel;
import org.keycloak.util.JsonSerialization;

/**
 * {@code /realms/{realm}/account-console-extension/sign-in-alerts}: the token's user's own choice whether they get
 * sign-in alerts. There is no user in the address or the body: the answer is always about the token's user, in the
 * URL's realm (the bearer check refuses a token of another realm).
 */
public class SignInAlertsResource {

    /** A body is {"enabled": true|false}; anything longer than this is refused unread. */
    static final int MAX_BODY_BYTES = 1024;

    private final KeycloakSession session;
    /** The extension's checks for an endpoint with a token (account management on, the caller may use it). */
    private final Function<Access.Need, ExtensionResource.Checked> check;

    SignInAlertsResource(KeycloakSession session, Function<Access.Need, ExtensionResource.Checked> check) {
        this.session = session;
        this.check = check;
    }

    /** {"offered": whether the realm sends alerts, "enabled": whether this user gets them}. */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response read() {
        ExtensionResource.Checked checked = check.apply(Access.Need.READ);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        boolean offered = SignInAlerts.offered(session.getContext().getRealm());
        boolean enabled = offered && SignInAlertState.read(session, checked.caller().user()).state().alertsOn();
        return body(offered, enabled);
    }

    /** Turns the user's alerts on or off: {"enabled": false}. */
    @PUT
    @Produces(MediaType.APPLICATION_JSON)
    public Response change(InputStream input) throws IOException {
        ExtensionResource.Checked checked = check.apply(Access.Need.WRITE);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        if (!SignInAlerts.offered(session.getContext().getRealm())) {
            return ExtensionResource.error(Response.Status.NOT_FOUND, "not_found",
                    "This realm sends no sign-in alerts.");
        }
        byte[] raw = input == null ? new byte[0] : input.readNBytes(MAX_BODY_BYTES + 1);
        if (raw.length > MAX_BODY_BYTES) {
            return ExtensionResource.error(Response.Status.REQUEST_ENTITY_TOO_LARGE, "too_large",
                    "The body may have at most " + MAX_BODY_BYTES + " bytes.");
        }
        Boolean enabled = enabledOf(raw);
        if (enabled == null) {
            return ExtensionResource.error(Response.Status.BAD_REQUEST, "invalid_body",
                    "The body must be {\"enabled\": true} or {\"enabled\": false}.");
        }
        UserModel user = checked.caller().user();
        // Through the user's mark, as a sign-in's change: a sign-in at the same moment neither undoes the choice nor
        // loses its device. A choice that is already the state writes nothing.
        Optional<Boolean> saved;
        try {
            saved = UserStateWrites.apply(session.getKeycloakSessionFactory(), SignInAlertState.KIND,
                    session.getContext().getRealm().getId(), user.getId(), state -> state.alertsOn() == enabled
                            ? UserStateWrites.Change.<SignInAlertState, Boolean>none(enabled)
                            : new UserStateWrites.Change<>(state.withAlerts(enabled), enabled));
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
            saved = Optional.empty();
        }
        if (saved.isEmpty()) {
            return ExtensionResource.error(Response.Status.CONFLICT, "busy",
                    "Another change of this setting is under way. Try again in a moment.");
        }
        return body(true, enabled);
    }

    /** The boolean of {"enabled": …}, or null for any other body. */
    static Boolean enabledOf(byte[] raw) {
        try {
            JsonNode node = JsonSerialization.readValue(raw, JsonNode.class);
            if (node == null || !node.isObject() || node.size() != 1 || !node.path("enabled").isBoolean()) {
                return null;
            }
            return node.get("enabled").booleanValue();
        } catch (IOException | RuntimeException notJson) {
            return null;
        }
    }

    private static Response body(boolean offered, boolean enabled) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("offered", offered);
        body.put("enabled", enabled);
        try {
            return Response.ok(JsonSerialization.writeValueAsString(body), MediaType.APPLICATION_JSON_TYPE)
                    .header(HttpHeaders.CACHE_CONTROL, "no-store")
                    .build();
        } catch (IOException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}

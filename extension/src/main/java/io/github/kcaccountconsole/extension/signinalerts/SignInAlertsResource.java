package io.github.kcaccountconsole.extension.signinalerts;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

import org.keycloak.models.KeycloakSession;
import org.keycloak.models.UserModel;
import org.keycloak.util.JsonSerialization;

import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.Checks;
import io.github.kcaccountconsole.extension.shared.UserStateWrites;

/**
 * {@code /realms/{realm}/account-console-extension/sign-in-alerts}: the token's user's own choice whether they get
 * sign-in alerts. There is no user in the address or the body: the answer is always about the token's user, in the
 * URL's realm (the bearer check refuses a token of another realm).
 */
@Produces(MediaType.APPLICATION_JSON)
public class SignInAlertsResource extends AccountResource {

    public SignInAlertsResource(KeycloakSession session, Checks checks) {
        super(session, checks);
    }

    /** Whether the realm sends alerts, and whether this user gets them. */
    @JsonPropertyOrder({"offered", "enabled"})
    public record Choice(boolean offered, boolean enabled) {
    }

    @GET
    public Response read() {
        UserModel user = checks.require(Access.Need.READ).user();
        boolean offered = SignInAlerts.offered(session.getContext().getRealm());
        boolean enabled = offered && SignInAlertState.read(session, user).state().alertsOn();
        return body(offered, enabled);
    }

    /** Turns the user's alerts on or off: {"enabled": false}. */
    @PUT
    public Response change(InputStream input) throws IOException {
        UserModel user = checks.require(Access.Need.WRITE).user();
        if (!SignInAlerts.offered(session.getContext().getRealm())) {
            throw Answers.error(Response.Status.NOT_FOUND, "not_found", "This realm sends no sign-in alerts.");
        }
        Boolean enabled = enabledOf(Answers.body(input));
        if (enabled == null) {
            throw Answers.error(Response.Status.BAD_REQUEST, "invalid_body",
                    "The body must be {\"enabled\": true} or {\"enabled\": false}.");
        }
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
            throw Answers.error(Response.Status.CONFLICT, "busy",
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
        return Answers.json(Response.Status.OK, new Choice(offered, enabled));
    }
}

package io.github.kcaccountconsole.extension.lastused;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jboss.logging.Logger;
import org.keycloak.WebAuthnConstants;
import org.keycloak.authentication.Authenticator;
import org.keycloak.authentication.AuthenticatorUtil;
import org.keycloak.authentication.AuthenticatorFactory;
import org.keycloak.authentication.CredentialValidator;
import org.keycloak.authentication.authenticators.util.AuthenticatorUtils;
import org.keycloak.credential.CredentialModel;
import org.keycloak.events.Details;
import org.keycloak.events.Event;
import org.keycloak.models.AuthenticationExecutionModel;
import org.keycloak.models.Constants;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.UserSessionModel;
import org.keycloak.models.credential.WebAuthnCredentialModel;
import org.keycloak.sessions.AuthenticationSessionModel;

import io.github.kcaccountconsole.extension.shared.AfterCommit;
import io.github.kcaccountconsole.extension.shared.SignInListener;
import io.github.kcaccountconsole.extension.shared.UserStateWrites;

/**
 * Remembers when each of a user's sign-in methods was last used (docs/extension.md, "When each sign-in method was last
 * used"). A sign-in costs a read of the user's state (its row, by primary key), and a write only for a
 * method not yet recorded that day: then, once the sign-in has committed, a thread of its own writes it through
 * {@link UserStateWrites}, as sign-in alerts do.
 */
public class LastUsedListener extends SignInListener {

    private static final Logger LOG = Logger.getLogger(LastUsedListener.class);

    static final String EXECUTOR = "account-console-last-used";

    /**
     * Keycloak's direct-grant authenticators have no reference category on 26.0 (26.7's password one has); their
     * credential types.
     */
    private static final Map<String, String> DIRECT_GRANT_TYPES = Map.of(
            "direct-grant-validate-password", "password",
            "direct-grant-validate-otp", "otp");

    LastUsedListener(KeycloakSession session) {
        super(session, "Last use not recorded for user %s in realm %s");
    }

    @Override
    protected void signedIn(Event event, RealmModel realm, UserModel user) {
        AuthenticationSessionModel authSession = session.getContext().getAuthenticationSession();
        // A sign-in through the SSO cookie used no method: the session's notes are those of an earlier sign-in.
        if (authSession != null && AuthenticatorUtil.isSSOAuthentication(authSession)) {
            return;
        }
        List<LastUsed.Use> uses = uses(realm, user, completedExecutions(realm, event), event);
        if (uses.isEmpty()) {
            return;
        }
        // The cheap first look: most sign-ins use what was recorded today already, and end here without a write
        // (unless the state still sits in a credential of an earlier release: then it moves).
        UserStateWrites.Stored<LastUsed.State> stored = LastUsed.KIND.read(session, user);
        if (LastUsed.record(stored.state(), uses) == null && !stored.inCredential()) {
            return;
        }
        String realmId = realm.getId();
        String userId = user.getId();
        KeycloakSessionFactory factory = session.getKeycloakSessionFactory();
        AfterCommit.run(session, EXECUTOR, () -> write(factory, realmId, userId, uses),
                () -> LOG.warnf("Last use of user %s not recorded: the queue is full", userId));
    }

    private static void write(KeycloakSessionFactory factory, String realmId, String userId, List<LastUsed.Use> uses) {
        try {
            Optional<Boolean> done = UserStateWrites.apply(factory, LastUsed.KIND, realmId, userId,
                    state -> LastUsed.change(state, uses));
            if (done.isEmpty()) {
                LOG.warnf("Last use of user %s not recorded: another change took too long", userId);
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException failed) {
            LOG.warnf(failed, "Last use of user %s not recorded", userId);
        }
    }

    /**
     * The executions this sign-in's session completed, with when (epoch seconds): Keycloak's user session note that its
     * {@code amr} mapper reads, from the user session, else from the authentication session that is becoming it.
     */
    private Map<String, Integer> completedExecutions(RealmModel realm, Event event) {
        String note = null;
        if (event.getSessionId() != null) {
            UserSessionModel userSession = session.sessions().getUserSession(realm, event.getSessionId());
            note = userSession == null ? null : userSession.getNote(Constants.AUTHENTICATORS_COMPLETED);
        }
        if (note == null) {
            AuthenticationSessionModel authSession = session.getContext().getAuthenticationSession();
            note = authSession == null ? null : authSession.getUserSessionNotes().get(Constants.AUTHENTICATORS_COMPLETED);
        }
        return note == null ? Map.of() : AuthenticatorUtils.parseCompletedExecutions(note);
    }

    /**
     * One use per credential type of the user that a completed execution checks, at the time it completed; with the
     * credential's id where the event names it (Keycloak's OTP form names the code's credential, its WebAuthn
     * authenticators the key's public key credential id).
     */
    private List<LastUsed.Use> uses(RealmModel realm, UserModel user, Map<String, Integer> completed, Event event) {
        if (completed.isEmpty()) {
            return List.of();
        }
        List<CredentialModel> credentials = user.credentialManager().getStoredCredentialsStream().toList();
        Map<String, Long> typeTimes = new HashMap<>();
        completed.forEach((executionId, seconds) -> {
            AuthenticationExecutionModel execution = realm.getAuthenticationExecutionById(executionId);
            String type = execution == null ? null : credentialType(execution.getAuthenticator());
            if (type != null && credentials.stream().anyMatch(credential -> type.equals(credential.getType()))) {
                long time = seconds == null ? event.getTime() : seconds * 1000L;
                typeTimes.merge(type, time, Math::max);
            }
        });
        Map<String, String> details = event.getDetails() == null ? Map.of() : event.getDetails();
        List<LastUsed.Use> uses = new ArrayList<>();
        typeTimes.forEach((type, time) -> uses.add(new LastUsed.Use(
                LastUsedCredentials.named(credentials, type, details.get(Details.SELECTED_CREDENTIAL_ID),
                        details.get(WebAuthnConstants.PUBKEY_CRED_ID_ATTR), LastUsedListener::publicKeyCredentialId),
                type, time)));
        return uses;
    }

    /** The credential type an authenticator checks: its factory's reference category (what the amr mapper reads). */
    private String credentialType(String authenticatorId) {
        if (authenticatorId == null) {
            return null;
        }
        var factory = session.getKeycloakSessionFactory().getProviderFactory(Authenticator.class, authenticatorId);
        String type = factory instanceof AuthenticatorFactory authenticators ? authenticators.getReferenceCategory() : null;
        if (type == null && factory instanceof AuthenticatorFactory authenticators) {
            Authenticator authenticator = authenticators.create(session);
            if (authenticator instanceof CredentialValidator<?> validator) {
                type = validator.getType(session);
            }
        }
        return type != null ? type : DIRECT_GRANT_TYPES.get(authenticatorId);
    }

    /** The WebAuthn public key credential id of a security key or passkey credential (null for another type). */
    static String publicKeyCredentialId(CredentialModel credential) {
        try {
            var data = WebAuthnCredentialModel.createFromCredentialModel(credential).getWebAuthnCredentialData();
            return data == null ? null : data.getCredentialId();
        } catch (RuntimeException unreadable) {
            return null;
        }
    }
}

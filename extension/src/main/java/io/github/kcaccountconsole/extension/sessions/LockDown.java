package io.github.kcaccountconsole.extension.sessions;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.UriInfo;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.keycloak.common.ClientConnection;
import org.keycloak.credential.CredentialModel;
import org.keycloak.events.Details;
import org.keycloak.events.EventBuilder;
import org.keycloak.events.EventType;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.RequiredActionProviderModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.UserSessionModel;
import org.keycloak.services.managers.AuthenticationManager;
import org.keycloak.services.managers.UserSessionManager;

import io.github.kcaccountconsole.extension.apppasswords.AppPasswordStore;
import io.github.kcaccountconsole.extension.shared.BearerCheck;
import io.github.kcaccountconsole.extension.shared.RetriedTransaction;

/**
 * "Lock it down": the signed-in user ends every other session of theirs, online and offline, on every device, revokes
 * every app password (each one skips the second factor, so one made from a stolen session is the way back in), and
 * must choose a new password. The console's own session stays, so the console can go on and ask for the password.
 */
final class LockDown {

    /** The value of {@link Details#REASON} on every event a lock-down records. */
    static final String REASON = "lock_down";
    /** The detail that marks the end of an offline session (an application's lasting access). */
    static final String OFFLINE_DETAIL = "offline";

    private LockDown() {
    }

    /** The answer of {@code POST .../lock-down}. */
    @JsonPropertyOrder({"sessionsEnded", "offlineSessionsEnded", "appPasswordsRevoked", "updatePasswordRequired"})
    record Outcome(int sessionsEnded, int offlineSessionsEnded, int appPasswordsRevoked,
            boolean updatePasswordRequired) {
    }

    /**
     * The online sessions to end: every one but the caller's own ({@code ownId}, null when the token has none). Every
     * offline session is ended: one started in the caller's browser session has the same id, but it is an
     * application's lasting access, not the console's sign-in.
     */
    static <S> List<S> othersThan(List<S> sessions, Function<S, String> id, String ownId) {
        return sessions.stream().filter(s -> !Objects.equals(id.apply(s), ownId)).toList();
    }

    /**
     * Whether Keycloak would ask for {@code UPDATE_PASSWORD}: a required action is run only while the realm has it
     * enabled, so a disabled one is not set (the answer then says the password was not required).
     */
    static boolean passwordActionEnabled(RequiredActionProviderModel model) {
        return model != null && model.isEnabled();
    }

    /** What the change did, for the events recorded once it has committed. */
    record Done(List<String> online, List<String> offline, List<CredentialModel> appPasswords, boolean required) {
    }

    /**
     * Does it, as Keycloak signs out other sessions when a required action asks to ({@code AuthenticatorUtil}):
     * {@link AuthenticationManager#backchannelLogout} per session (applications with a logout URL are told), and a
     * {@code LOGOUT} event per session ended. Offline sessions are removed as Keycloak's logout of an offline session
     * does; the one that shares the caller's id is revoked without the logout's cookie handling, which would expire the
     * caller's own browser sign-in. The change runs in a transaction of its own, tried again when an application's
     * refresh changed a session meanwhile ({@link RetriedTransaction}); the events are recorded in the request's
     * transaction once it has committed, so a try that was rolled back records none.
     *
     * @throws jakarta.ws.rs.WebApplicationException the conflict answer when the sessions kept changing under every
     *         try ({@link SessionChanges#run}): nothing was done
     */
    static Outcome run(KeycloakSession session, BearerCheck.Result caller) {
        String userId = caller.user().getId();
        String ownId = caller.userSession() == null ? null : caller.userSession().getId();
        UriInfo uri = session.getContext().getUri();
        HttpHeaders headers = session.getContext().getRequestHeaders();
        ClientConnection connection = session.getContext().getConnection();
        Done done = SessionChanges.run(session, userId,
                inner -> lockDown(inner, userId, ownId, uri, headers, connection));
        if (!done.offline().isEmpty()) {
            // Looked up by id: a session a refresh wrote back is in Keycloak's session cache only.
            RetriedTransaction.endAgainIfWrittenBack(session, inner -> {
                List<UserSessionModel> back = done.offline().stream()
                        .map(id -> inner.sessions().getOfflineUserSession(inner.getContext().getRealm(), id))
                        .filter(Objects::nonNull)
                        .toList();
                back.forEach(offline -> new UserSessionManager(inner).revokeOfflineUserSession(offline));
                return !back.isEmpty();
            });
        }

        done.online().forEach(id -> record(session, caller, id, false));
        done.offline().forEach(id -> record(session, caller, id, true));
        for (CredentialModel appPassword : done.appPasswords()) {
            event(session, caller).event(EventType.REMOVE_CREDENTIAL)
                    .detail(Details.CREDENTIAL_TYPE, appPassword.getType())
                    .detail(Details.CREDENTIAL_ID, appPassword.getId())
                    .detail(Details.CREDENTIAL_USER_LABEL, appPassword.getUserLabel())
                    .success();
        }
        if (done.required()) {
            EventBuilder event = event(session, caller).event(EventType.EXECUTE_ACTIONS)
                    .detail(Details.ACTION, UserModel.RequiredAction.UPDATE_PASSWORD.name());
            if (ownId != null) {
                event.session(ownId);
            }
            event.success();
        }
        return new Outcome(done.online().size(), done.offline().size(), done.appPasswords().size(), done.required());
    }

    /** The change itself, in its own transaction: everything read again in it. */
    private static Done lockDown(KeycloakSession inner, String userId, String ownId, UriInfo uri, HttpHeaders headers,
            ClientConnection connection) {
        RealmModel realm = inner.getContext().getRealm();
        UserModel user = inner.users().getUserById(realm, userId);
        if (user == null) {
            return new Done(List.of(), List.of(), List.of(), false);
        }
        List<UserSessionModel> online = othersThan(inner.sessions().getUserSessionsStream(realm, user).toList(),
                UserSessionModel::getId, ownId);
        List<UserSessionModel> offline = inner.sessions().getOfflineUserSessionsStream(realm, user).toList();

        for (UserSessionModel userSession : online) {
            AuthenticationManager.backchannelLogout(inner, realm, userSession, uri, connection, headers, true, false);
        }
        for (UserSessionModel userSession : offline) {
            if (userSession.getId().equals(ownId)) {
                new UserSessionManager(inner).revokeOfflineUserSession(userSession);
            } else {
                AuthenticationManager.backchannelLogout(inner, realm, userSession, uri, connection, headers, true, true);
            }
        }

        List<CredentialModel> revoked = new ArrayList<>();
        for (CredentialModel appPassword : AppPasswordStore.credentials(user)) {
            if (user.credentialManager().removeStoredCredentialById(appPassword.getId())) {
                revoked.add(appPassword);
            }
        }

        String action = UserModel.RequiredAction.UPDATE_PASSWORD.name();
        boolean required = passwordActionEnabled(realm.getRequiredActionProviderByAlias(action));
        if (required) {
            user.addRequiredAction(action);
        }
        return new Done(online.stream().map(UserSessionModel::getId).toList(),
                offline.stream().map(UserSessionModel::getId).toList(), revoked, required);
    }

    /**
     * A {@code LOGOUT} of the ended session, as Keycloak records a sign-out: the user, the session, the console that
     * asked, and {@code reason=lock_down} (plus {@code offline=true} for an application's lasting access).
     */
    private static void record(KeycloakSession session, BearerCheck.Result caller, String sessionId, boolean offline) {
        EventBuilder event = event(session, caller).event(EventType.LOGOUT).session(sessionId);
        if (offline) {
            event.detail(OFFLINE_DETAIL, "true");
        }
        event.success();
    }

    private static EventBuilder event(KeycloakSession session, BearerCheck.Result caller) {
        return caller.event(session).detail(Details.REASON, REASON);
    }
}

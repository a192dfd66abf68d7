package io.github.kcaccountconsole.extension.sessions;

import java.util.List;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.keycloak.events.EventBuilder;
import org.keycloak.events.EventType;
import org.keycloak.models.AuthenticatedClientSessionModel;
import org.keycloak.models.ClientModel;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.UserSessionModel;
import org.keycloak.services.managers.AuthenticationManager;
import org.keycloak.services.managers.UserSessionManager;

import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.BearerCheck;
import io.github.kcaccountconsole.extension.shared.Checks;
import io.github.kcaccountconsole.extension.shared.RetriedTransaction;

/** {@code application-sessions}: the end of the caller's sessions with one application. */
@Produces(MediaType.APPLICATION_JSON)
public class ApplicationSessionsResource extends AccountResource {

    public ApplicationSessionsResource(KeycloakSession session, Checks checks) {
        super(session, checks);
    }

    /**
     * Ends the caller's sessions with one application (the query's {@code clientId}), on every device, as Keycloak ends
     * a client's sessions when consent to it is revoked ({@link AuthenticationManager#backchannelLogoutUserFromClient}):
     * a client with a backchannel logout URL (or an admin URL) is told, and the client session leaves its user
     * session. Other applications and the user's sessions stay signed in; a user session left with no application at
     * all is removed, as Keycloak's token revocation does. The application's offline tokens end too, as Keycloak ends
     * them when a user revokes its grant ({@link UserSessionManager#revokeOfflineToken}): its offline client sessions
     * leave their offline sessions, and an offline session left with no application is removed.
     */
    @DELETE
    public Response end(@Context UriInfo uriInfo) {
        BearerCheck.Result caller = checks.require(Access.Need.WRITE);
        ApplicationSessionRequest.Outcome asked =
                ApplicationSessionRequest.read(uriInfo.getQueryParameters().get("clientId"));
        if (asked instanceof ApplicationSessionRequest.Refused refused) {
            throw Answers.error(Response.Status.BAD_REQUEST, refused.code(), refused.description());
        }
        String clientId = ((ApplicationSessionRequest.Accepted) asked).clientId();
        RealmModel realm = session.getContext().getRealm();
        // Looked up in the token's realm only: a client id of another realm is unknown here.
        ClientModel client = realm.getClientByClientId(clientId);
        if (client == null) {
            throw Answers.error(Response.Status.NOT_FOUND, "client_not_found",
                    "This realm has no application with that id.");
        }
        String userId = caller.user().getId();
        String ownId = caller.userSession() == null ? null : caller.userSession().getId();
        UriInfo uri = session.getContext().getUri();
        HttpHeaders headers = session.getContext().getRequestHeaders();
        ApplicationSessionsEnded done = SessionChanges.run(session, userId,
                inner -> endApplicationSessions(inner, userId, client.getId(), ownId, uri, headers));
        if (done.ended().isEmpty() && done.offline().isEmpty()) {
            throw Answers.error(Response.Status.NOT_FOUND, "session_not_found",
                    "You have no session with this application.");
        }
        if (!done.offline().isEmpty()) {
            RetriedTransaction.endAgainIfWrittenBack(session,
                    inner -> endWrittenBack(inner, done.offline(), client.getId()));
        }
        // Recorded in the request's transaction once the change has committed: a try that was rolled back records none.
        if (done.grantRevoked()) {
            SessionChanges.recordRevokedGrant(session, caller, client.getClientId());
        }
        done.ended().forEach(sessionId -> recordApplicationLogout(caller.user(), client, sessionId));
        log.debugf("User %s ended %d session(s) and %d offline session(s) with client %s", userId, done.ended().size(),
                done.offline().size(), client.getClientId());
        return Answers.noContent();
    }

    /** What one end of an application's sessions did: the user sessions and offline sessions it left, the grant. */
    record ApplicationSessionsEnded(List<String> ended, List<String> offline, boolean grantRevoked) {
    }

    /** The change itself, in its own transaction ({@link RetriedTransaction}): everything read again in it. */
    private static ApplicationSessionsEnded endApplicationSessions(KeycloakSession inner, String userId,
            String clientUuid, String ownId, UriInfo uri, HttpHeaders headers) {
        RealmModel realm = inner.getContext().getRealm();
        UserModel user = inner.users().getUserById(realm, userId);
        ClientModel client = realm.getClientById(clientUuid);
        if (user == null || client == null) {
            return new ApplicationSessionsEnded(List.of(), List.of(), false);
        }
        List<UserSessionModel> ended = inner.sessions().getUserSessionsStream(realm, user)
                .filter(userSession -> userSession.getAuthenticatedClientSessionByClient(client.getId()) != null)
                .toList();
        List<String> offline = inner.sessions().getOfflineUserSessionsStream(realm, user)
                .filter(userSession -> userSession.getAuthenticatedClientSessionByClient(client.getId()) != null)
                .map(UserSessionModel::getId)
                .toList();
        boolean revoked = !offline.isEmpty() && new UserSessionManager(inner).revokeOfflineToken(user, client);
        if (!ended.isEmpty()) {
            AuthenticationManager.backchannelLogoutUserFromClient(inner, realm, user, client, uri, headers);
            for (UserSessionModel userSession : ended) {
                if (!userSession.getId().equals(ownId) && userSession.getAuthenticatedClientSessions().isEmpty()) {
                    inner.sessions().removeUserSession(realm, userSession);
                }
            }
        }
        return new ApplicationSessionsEnded(ended.stream().map(UserSessionModel::getId).toList(), offline, revoked);
    }

    /**
     * Ends the application's offline access again in those of the ended offline sessions that a refresh in flight
     * wrote back, as Keycloak ended it: the client session leaves, and a session left with no application is revoked.
     * Looked up by id: a session written back is in Keycloak's session cache only, which a user's list may not read.
     */
    private static boolean endWrittenBack(KeycloakSession inner, List<String> offlineIds, String clientUuid) {
        RealmModel realm = inner.getContext().getRealm();
        boolean found = false;
        for (String id : offlineIds) {
            UserSessionModel back = inner.sessions().getOfflineUserSession(realm, id);
            AuthenticatedClientSessionModel clientSession =
                    back == null ? null : back.getAuthenticatedClientSessionByClient(clientUuid);
            if (clientSession == null) {
                continue;
            }
            found = true;
            if (back.getAuthenticatedClientSessions().size() > 1) {
                clientSession.detachFromUserSession();
            } else {
                new UserSessionManager(inner).revokeOfflineUserSession(back);
            }
        }
        return found;
    }

    /**
     * Records the end of one user session's sign-in to the application as Keycloak records a sign-out: a user event
     * {@code LOGOUT} of the user, that session and the application (the client that was signed out).
     */
    private void recordApplicationLogout(UserModel user, ClientModel client, String userSessionId) {
        new EventBuilder(session.getContext().getRealm(), session, session.getContext().getConnection())
                .event(EventType.LOGOUT)
                .user(user)
                .client(client)
                .session(userSessionId)
                .success();
    }
}

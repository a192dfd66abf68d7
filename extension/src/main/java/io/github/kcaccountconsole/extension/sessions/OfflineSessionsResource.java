package io.github.kcaccountconsole.extension.sessions;

import java.util.List;
import java.util.Objects;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.keycloak.device.DeviceActivityManager;
import org.keycloak.models.AuthenticatedClientSessionModel;
import org.keycloak.models.ClientModel;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.UserSessionModel;
import org.keycloak.representations.account.DeviceRepresentation;
import org.keycloak.services.managers.UserSessionManager;

import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.AccountResource;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.BearerCheck;
import io.github.kcaccountconsole.extension.shared.Checks;
import io.github.kcaccountconsole.extension.shared.PageRequest;
import io.github.kcaccountconsole.extension.shared.RetriedTransaction;

/** {@code offline-sessions}: the caller's offline sessions ("lasting access"), listed and ended one at a time. */
@Produces(MediaType.APPLICATION_JSON)
public class OfflineSessionsResource extends AccountResource {

    public OfflineSessionsResource(KeycloakSession session, Checks checks) {
        super(session, checks);
    }

    /**
     * The caller's offline sessions ("lasting access": an application kept a refresh token that outlives sign-out),
     * newest refresh first, a bounded page at a time: the page's ids from Keycloak's session table
     * ({@link OfflineSessionIndex}), each then read through Keycloak's session provider; where the table cannot be
     * read, the provider's whole list, sorted here ({@link OfflineSessions#page}). The answer's {@code Server-Timing}
     * names the way taken ({@code index} or {@code provider}), so that tests and operators can tell.
     */
    @GET
    public Response list(@QueryParam("first") String first, @QueryParam("max") String max) {
        BearerCheck.Result caller = checks.require(Access.Need.READ);
        PageRequest page = PageRequest.of(first, max);
        RealmModel realm = session.getContext().getRealm();
        UserModel user = caller.user();
        List<String> ids = OfflineSessionIndex.ids(session, realm, user, page.first(), page.max() + 1);
        if (ids != null) {
            return listedBy("index", Answers.json(Response.Status.OK, OfflineSessions.pageOfIds(ids, page,
                    id -> ownOfflineSession(session, realm, user, id), OfflineSessionsResource::offlineRow)));
        }
        List<OfflineSessions.Entry<UserSessionModel>> entries = session.sessions()
                .getOfflineUserSessionsStream(realm, user)
                .map(userSession -> new OfflineSessions.Entry<>(userSession.getId(),
                        OfflineSessions.millis(userSession.getLastSessionRefresh()), userSession))
                .toList();
        return listedBy("provider", Answers.json(Response.Status.OK,
                OfflineSessions.page(entries, page, OfflineSessionsResource::offlineRow)));
    }

    private static Response listedBy(String way, Response answer) {
        return Response.fromResponse(answer).header("Server-Timing", "offline-sessions;desc=\"" + way + "\"").build();
    }

    /**
     * Ends one of the caller's offline sessions, as Keycloak ends one when it revokes it
     * ({@link UserSessionManager#revokeOfflineUserSession}): every offline token of it stops working at its next
     * refresh. Recorded as Keycloak records a revoked grant from the Account API: {@code REVOKE_GRANT} of the user and
     * the console, one per application of the session, with the application in {@code revoked_client}.
     */
    @DELETE
    @Path("{id}")
    public Response end(@PathParam("id") String id) {
        BearerCheck.Result caller = checks.require(Access.Need.WRITE);
        if (!OfflineSessions.plausibleId(id)) {
            throw Answers.error(Response.Status.BAD_REQUEST, "invalid_parameter",
                    "The session id must be 1 to " + OfflineSessions.MAX_ID_LENGTH
                            + " letters, digits, '-', '_', '.' or ':'.");
        }
        String userId = caller.user().getId();
        List<String> revoked = SessionChanges.run(session, userId, inner -> endOfflineSession(inner, userId, id));
        // Another user's session, or one of another realm, is answered as an unknown one: its existence is not told.
        if (revoked == null) {
            throw Answers.error(Response.Status.NOT_FOUND, "session_not_found", "You have no such offline session.");
        }
        RetriedTransaction.endAgainIfWrittenBack(session, inner -> endOfflineSession(inner, userId, id) != null);
        // Recorded in the request's transaction once the change has committed: a try that was rolled back records none.
        revoked.forEach(clientId -> SessionChanges.recordRevokedGrant(session, caller, clientId));
        log.debugf("User %s ended offline session %s", userId, id);
        return Answers.noContent();
    }

    /**
     * The change itself, in its own transaction ({@link RetriedTransaction}): the client ids of the applications the
     * ended session held, or null when the user has no such offline session.
     */
    private static List<String> endOfflineSession(KeycloakSession inner, String userId, String id) {
        RealmModel realm = inner.getContext().getRealm();
        UserModel user = inner.users().getUserById(realm, userId);
        UserSessionModel offline = user == null ? null : ownOfflineSession(inner, realm, user, id);
        if (offline == null) {
            return null;
        }
        List<String> clients = offline.getAuthenticatedClientSessions().values().stream()
                .map(AuthenticatedClientSessionModel::getClient)
                .filter(Objects::nonNull)
                .map(ClientModel::getClientId)
                .toList();
        new UserSessionManager(inner).revokeOfflineUserSession(offline);
        return clients;
    }

    /** The offline session of that id if it is the user's, in this realm; null otherwise. */
    private static UserSessionModel ownOfflineSession(KeycloakSession session, RealmModel realm, UserModel user,
            String id) {
        UserSessionModel offline = session.sessions().getOfflineUserSession(realm, id);
        if (offline == null || offline.getRealm() == null || !realm.getId().equals(offline.getRealm().getId())
                || offline.getUser() == null || !user.getId().equals(offline.getUser().getId())) {
            return null;
        }
        return offline;
    }

    /** One offline session as the list shows it: Keycloak's device note where it has one, the applications by id. */
    private static OfflineSessions.Row offlineRow(UserSessionModel userSession) {
        DeviceRepresentation device = DeviceActivityManager.getCurrentDevice(userSession);
        List<OfflineSessions.Client> clients = OfflineSessions.clients(userSession.getAuthenticatedClientSessions()
                .values().stream()
                .map(AuthenticatedClientSessionModel::getClient)
                .filter(Objects::nonNull)
                .map(client -> new OfflineSessions.Client(client.getClientId(), OfflineSessions.name(client.getName())))
                .toList());
        return new OfflineSessions.Row(userSession.getId(), OfflineSessions.millis(userSession.getStarted()),
                OfflineSessions.millis(userSession.getLastSessionRefresh()), userSession.getIpAddress(),
                device == null ? null : OfflineSessions.known(device.getBrowser()),
                device == null ? null : OfflineSessions.known(device.getOs()),
                device == null ? null : OfflineSessions.known(device.getOsVersion()),
                device == null ? null : OfflineSessions.known(device.getDevice()), clients);
    }
}

package io.github.kcaccountconsole.extension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Properties;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.jboss.logging.Logger;
import org.keycloak.credential.CredentialModel;
import org.keycloak.device.DeviceActivityManager;
import org.keycloak.events.Details;
import org.keycloak.events.Event;
import org.keycloak.events.EventBuilder;
import org.keycloak.events.EventStoreProvider;
import org.keycloak.events.EventType;
import org.keycloak.models.AuthenticatedClientSessionModel;
import org.keycloak.models.ClientModel;
import org.keycloak.models.Constants;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.UserSessionModel;
import org.keycloak.representations.account.DeviceRepresentation;
import org.keycloak.services.managers.AuthenticationManager;
import org.keycloak.services.managers.UserSessionManager;
import org.keycloak.theme.Theme;
import org.keycloak.util.JsonSerialization;

import io.github.kcaccountconsole.extension.organizations.OrganizationMembershipsResource;

/**
 * The endpoints. Every one but the texts answers only for the token's user, in the URL's realm, and only to the
 * account console. The contract of each is in docs/extension.md.
 */
public class ExtensionResource {

    private static final Logger LOG = Logger.getLogger(ExtensionResource.class);
    /** The error code when the user's sessions kept changing under every try of a change to them. */
    static final String STILL_CHANGING = "sessions_changed";

    private final KeycloakSession session;
    private final Features features;
    private final int appPasswordLimit;

    ExtensionResource(KeycloakSession session, Features features, int appPasswordLimit) {
        this.session = session;
        this.features = features;
        this.appPasswordLimit = appPasswordLimit;
    }

    /** The probe's answer: the console shows a feature only when its flag is true. */
    @JsonPropertyOrder({"accountActivity", "defaultSecondFactor", "eventsEnabled", "signInAlerts",
        "applicationSessions", "verifyEmailAction", "offlineSessions", "lastUsed", "lockDown", "appPasswords"})
    public record Offer(boolean accountActivity, boolean defaultSecondFactor, boolean eventsEnabled,
            boolean signInAlerts, boolean applicationSessions, boolean verifyEmailAction, boolean offlineSessions,
            boolean lastUsed, boolean lockDown, boolean appPasswords) {
    }

    /** Every error of the extension's own: a code for programs and a sentence for people. */
    @JsonPropertyOrder({"error", "errorDescription"})
    public record ErrorBody(String error, String errorDescription) {

        public ErrorBody {
            Objects.requireNonNull(error);
        }
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response probe() {
        Checked checked = check(true, Access.Need.READ);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        return json(Response.Status.OK,
                new Offer(features.accountActivity(), features.defaultSecondFactor(), realm().isEventsEnabled(),
                        SignInAlerts.offered(realm()), true, RequiredActions.startable(session, realm(),
                                UserModel.RequiredAction.VERIFY_EMAIL.name()), true,
                        LastUsedListenerFactory.recording(realm()), true,
                        appPasswordLimit > 0 && AppPasswordsOffered.offered(realm())));
    }

    /** The caller's own events, newest first, a bounded page at a time. */
    @GET
    @Path("events")
    @Produces(MediaType.APPLICATION_JSON)
    public Response events(@QueryParam("first") String first, @QueryParam("max") String max) {
        Checked checked = check(features.accountActivity(), Access.Need.READ);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        PageRequest page;
        try {
            page = PageRequest.parse(first, max);
        } catch (IllegalArgumentException invalid) {
            return error(Response.Status.BAD_REQUEST, "invalid_parameter", invalid.getMessage());
        }
        RealmModel realm = realm();
        EventStoreProvider store = realm.isEventsEnabled() ? session.getProvider(EventStoreProvider.class) : null;
        if (store == null) {
            return json(Response.Status.OK, ActivityEvents.page(false, new PageRequest(0, page.max()), List.of()));
        }
        String userId = checked.caller().user().getId();
        long since = ActivityEvents.since(System.currentTimeMillis());
        List<ActivityEvents.Row> rows = ActivityEvents.query(store.createQuery(), realm.getId(), userId, page, since)
                .getResultStream()
                // The query already asked for exactly this; checked again so that no store can widen it.
                .filter(event -> realm.getId().equals(event.getRealmId()) && userId.equals(event.getUserId()))
                .filter(event -> ActivityEvents.isListed(event.getType()))
                .filter(event -> event.getTime() >= since)
                .limit(page.max() + 1L)
                .map(ExtensionResource::stored)
                .map(ActivityEvents::toRow)
                .toList();
        return json(Response.Status.OK, ActivityEvents.page(true, page, rows));
    }

    /** One of the user's second factors in the order Keycloak offers them: id and credential type. */
    @JsonPropertyOrder({"id", "type"})
    public record SecondFactor(String id, String type) {
    }

    /** The answer of the order endpoint. */
    public record SecondFactorOrder(List<SecondFactor> secondFactors) {
    }

    /**
     * The caller's second-factor credentials, all kinds together, in the order Keycloak offers them at sign-in: the
     * first is the default. The Account API lists each kind's credentials by priority, but not how the kinds rank
     * against each other.
     */
    @GET
    @Path("credentials/second-factors")
    @Produces(MediaType.APPLICATION_JSON)
    public Response secondFactorOrder() {
        Checked checked = check(features.defaultSecondFactor(), Access.Need.READ);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        UserModel user = checked.caller().user();
        List<CredentialOrder.Stored> credentials = user.credentialManager()
                .getStoredCredentialsStream()
                .map(credential -> new CredentialOrder.Stored(credential.getId(), credential.getType()))
                .toList();
        List<SecondFactor> order = CredentialOrder.of(session, user).secondFactors(credentials).stream()
                .map(credential -> new SecondFactor(credential.id(), credential.type()))
                .toList();
        return json(Response.Status.OK, new SecondFactorOrder(order));
    }

    /** One recorded use: the credential when Keycloak named it (else null: only the type is known), and when. */
    @JsonPropertyOrder({"credentialId", "type", "time"})
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record LastUse(String credentialId, String type, long time) {
    }

    /** The answer of the last-used endpoint. */
    public record LastUses(List<LastUse> lastUsed) {
    }

    /**
     * When each of the caller's sign-in methods was last used, as far as the extension recorded it: rows of
     * credentials the user still has, and of types the user still has a credential of.
     */
    @GET
    @Path("credentials/last-used")
    @Produces(MediaType.APPLICATION_JSON)
    public Response lastUsed() {
        Checked checked = check(true, Access.Need.READ);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        UserModel user = checked.caller().user();
        List<CredentialModel> credentials = user.credentialManager().getStoredCredentialsStream().toList();
        List<LastUse> rows = LastUsed.KIND.read(session, user).state().uses().stream()
                .filter(use -> credentials.stream().anyMatch(credential -> use.type().equals(credential.getType())
                        && (use.credentialId() == null || use.credentialId().equals(credential.getId()))))
                .map(use -> new LastUse(use.credentialId(), use.type(), use.time()))
                .toList();
        return json(Response.Status.OK, new LastUses(rows));
    }

    /** Makes one of the caller's second-factor credentials the one Keycloak offers first. */
    @POST
    @Path("credentials/{credentialId}/default")
    @Produces(MediaType.APPLICATION_JSON)
    public Response makeDefault(@PathParam("credentialId") String credentialId) {
        Checked checked = check(features.defaultSecondFactor(), Access.Need.WRITE);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        UserModel user = checked.caller().user();
        List<CredentialModel> stored = user.credentialManager().getStoredCredentialsStream().toList();
        List<CredentialOrder.Stored> credentials = stored.stream()
                .map(credential -> new CredentialOrder.Stored(credential.getId(), credential.getType()))
                .toList();
        CredentialOrder.Plan plan = CredentialOrder.of(session, user).plan(credentials, credentialId);
        if (plan instanceof CredentialOrder.NotFound) {
            return error(Response.Status.NOT_FOUND, "credential_not_found", "The user has no such credential.");
        }
        if (plan instanceof CredentialOrder.NotSecondFactor) {
            return error(Response.Status.BAD_REQUEST, "not_second_factor",
                    "Only a second-factor credential can be made the default.");
        }
        if (plan instanceof CredentialOrder.MoveAfter move) {
            if (!user.credentialManager().moveStoredCredentialTo(credentialId, move.previousId())) {
                return error(Response.Status.CONFLICT, "order_not_changed",
                        "The order of the credentials could not be changed; reload them and try again.");
            }
            CredentialModel moved = stored.stream().filter(c -> c.getId().equals(credentialId)).findFirst().orElseThrow();
            recordDefaultChange(checked.caller(), moved);
            LOG.debugf("User %s made credential %s their default second factor", user.getId(), credentialId);
        }
        return Response.noContent().header(HttpHeaders.CACHE_CONTROL, "no-store").build();
    }

    /**
     * Records the change as Keycloak records its own credential changes: a user event {@code UPDATE_CREDENTIAL} of the
     * caller, their session and the console, with the credential's type, id and label. The realm's event settings
     * decide, as for every event, whether it is stored (then admins see it, and the user's Account activity lists it)
     * and which listeners hear it.
     */
    private void recordDefaultChange(BearerCheck.Result caller, CredentialModel credential) {
        EventBuilder event = new EventBuilder(realm(), session, session.getContext().getConnection())
                .event(EventType.UPDATE_CREDENTIAL)
                .user(caller.user())
                .detail(Details.CREDENTIAL_TYPE, credential.getType())
                .detail(Details.CREDENTIAL_ID, credential.getId())
                .detail(ActivityEvents.CHANGE_DETAIL, ActivityEvents.DEFAULT_SECOND_FACTOR_CHANGE);
        if (credential.getUserLabel() != null) {
            event.detail(Details.CREDENTIAL_USER_LABEL, credential.getUserLabel());
        }
        if (caller.client() != null) {
            event.client(caller.client());
        }
        if (caller.userSession() != null) {
            event.session(caller.userSession());
        }
        event.success();
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
    @Path("application-sessions")
    @Produces(MediaType.APPLICATION_JSON)
    public Response endApplicationSessions(@Context UriInfo uriInfo) {
        Checked checked = check(true, Access.Need.WRITE);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        ApplicationSessionRequest.Outcome asked =
                ApplicationSessionRequest.read(uriInfo.getQueryParameters().get("clientId"));
        if (asked instanceof ApplicationSessionRequest.Refused refused) {
            return error(Response.Status.BAD_REQUEST, refused.code(), refused.description());
        }
        String clientId = ((ApplicationSessionRequest.Accepted) asked).clientId();
        RealmModel realm = realm();
        // Looked up in the token's realm only: a client id of another realm is unknown here.
        ClientModel client = realm.getClientByClientId(clientId);
        if (client == null) {
            return error(Response.Status.NOT_FOUND, "client_not_found", "This realm has no application with that id.");
        }
        BearerCheck.Result caller = checked.caller();
        String userId = caller.user().getId();
        String ownId = caller.userSession() == null ? null : caller.userSession().getId();
        UriInfo uri = session.getContext().getUri();
        HttpHeaders headers = session.getContext().getRequestHeaders();
        ApplicationSessionsEnded done;
        try {
            done = RetriedTransaction.run(session,
                    inner -> endApplicationSessions(inner, userId, client.getId(), ownId, uri, headers));
        } catch (RetriedTransaction.StillChanging changing) {
            return stillChanging(changing, userId);
        }
        if (done.ended().isEmpty() && done.offline().isEmpty()) {
            return error(Response.Status.NOT_FOUND, "session_not_found",
                    "You have no session with this application.");
        }
        if (!done.offline().isEmpty()) {
            RetriedTransaction.endAgainIfWrittenBack(session,
                    inner -> endWrittenBack(inner, done.offline(), client.getId()));
        }
        // Recorded in the request's transaction once the change has committed: a try that was rolled back records none.
        if (done.grantRevoked()) {
            recordRevokedGrant(caller, client.getClientId());
        }
        done.ended().forEach(sessionId -> recordApplicationLogout(caller.user(), client, sessionId));
        LOG.debugf("User %s ended %d session(s) and %d offline session(s) with client %s", userId, done.ended().size(),
                done.offline().size(), client.getClientId());
        return Response.noContent().header(HttpHeaders.CACHE_CONTROL, "no-store").build();
    }

    /** What one end of an application's sessions did: the user sessions and offline sessions it left, the grant. */
    record ApplicationSessionsEnded(List<String> ended, List<String> offline, boolean grantRevoked) {
    }

    /** The change itself, in its own transaction ({@link RetriedTransaction}): everything read again in it. */
    private static ApplicationSessionsEnded endApplicationSessions(KeycloakSession inner, String userId, String clientUuid,
            String ownId, UriInfo uri, HttpHeaders headers) {
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
     * The answer when the user's sessions kept changing under every try (applications refreshing their tokens at that
     * very moment): each try was rolled back, so nothing ended, and trying again a moment later will do.
     */
    private static Response stillChanging(RetriedTransaction.StillChanging changing, String userId) {
        LOG.warnf(changing, "The sessions of user %s kept changing while being ended; nothing was ended", userId);
        return error(Response.Status.CONFLICT, STILL_CHANGING,
                "Your sessions changed while this was being done, so nothing was changed. Try again.");
    }

    /**
     * Records the end of one user session's sign-in to the application as Keycloak records a sign-out: a user event
     * {@code LOGOUT} of the user, that session and the application (the client that was signed out).
     */
    private void recordApplicationLogout(UserModel user, ClientModel client, String userSessionId) {
        new EventBuilder(realm(), session, session.getContext().getConnection())
                .event(EventType.LOGOUT)
                .user(user)
                .client(client)
                .session(userSessionId)
                .success();
    }

    /**
     * The caller's offline sessions ("lasting access": an application kept a refresh token that outlives sign-out),
     * newest refresh first, a bounded page at a time: the page's ids from Keycloak's session table
     * ({@link OfflineSessionIndex}), each then read through Keycloak's session provider; where the table cannot be
     * read, the provider's whole list, sorted here ({@link OfflineSessions#page}). The answer's {@code Server-Timing}
     * names the way taken ({@code index} or {@code provider}), so that tests and operators can tell.
     */
    @GET
    @Path("offline-sessions")
    @Produces(MediaType.APPLICATION_JSON)
    public Response offlineSessions(@QueryParam("first") String first, @QueryParam("max") String max) {
        Checked checked = check(true, Access.Need.READ);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        PageRequest page;
        try {
            page = PageRequest.parse(first, max);
        } catch (IllegalArgumentException invalid) {
            return error(Response.Status.BAD_REQUEST, "invalid_parameter", invalid.getMessage());
        }
        RealmModel realm = realm();
        UserModel user = checked.caller().user();
        List<String> ids = OfflineSessionIndex.ids(session, realm, user, page.first(), page.max() + 1);
        if (ids != null) {
            return listedBy("index", json(Response.Status.OK, OfflineSessions.pageOfIds(ids, page,
                    id -> ownOfflineSession(session, realm, user, id), ExtensionResource::offlineRow)));
        }
        List<OfflineSessions.Entry<UserSessionModel>> entries = session.sessions()
                .getOfflineUserSessionsStream(realm, user)
                .map(userSession -> new OfflineSessions.Entry<>(userSession.getId(),
                        OfflineSessions.millis(userSession.getLastSessionRefresh()), userSession))
                .toList();
        return listedBy("provider",
                json(Response.Status.OK, OfflineSessions.page(entries, page, ExtensionResource::offlineRow)));
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
    @Path("offline-sessions/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response endOfflineSession(@PathParam("id") String id) {
        Checked checked = check(true, Access.Need.WRITE);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        if (!OfflineSessions.plausibleId(id)) {
            return error(Response.Status.BAD_REQUEST, "invalid_parameter",
                    "The session id must be 1 to " + OfflineSessions.MAX_ID_LENGTH
                            + " letters, digits, '-', '_', '.' or ':'.");
        }
        BearerCheck.Result caller = checked.caller();
        String userId = caller.user().getId();
        List<String> revoked;
        try {
            revoked = RetriedTransaction.run(session, inner -> endOfflineSession(inner, userId, id));
        } catch (RetriedTransaction.StillChanging changing) {
            return stillChanging(changing, userId);
        }
        // Another user's session, or one of another realm, is answered as an unknown one: its existence is not told.
        if (revoked == null) {
            return error(Response.Status.NOT_FOUND, "session_not_found", "You have no such offline session.");
        }
        RetriedTransaction.endAgainIfWrittenBack(session, inner -> endOfflineSession(inner, userId, id) != null);
        // Recorded in the request's transaction once the change has committed: a try that was rolled back records none.
        revoked.forEach(clientId -> recordRevokedGrant(caller, clientId));
        LOG.debugf("User %s ended offline session %s", userId, id);
        return Response.noContent().header(HttpHeaders.CACHE_CONTROL, "no-store").build();
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

    /**
     * Records the end of an application's offline access as Keycloak's Account API records a revoked grant: a user
     * event {@code REVOKE_GRANT} of the user and the console, with the application's client id in
     * {@code revoked_client}.
     */
    private void recordRevokedGrant(BearerCheck.Result caller, String revokedClientId) {
        EventBuilder event = new EventBuilder(realm(), session, session.getContext().getConnection())
                .event(EventType.REVOKE_GRANT)
                .user(caller.user())
                .detail(Details.REVOKED_CLIENT, revokedClientId);
        if (caller.client() != null) {
            event.client(caller.client());
        }
        event.success();
    }

    /**
     * "Lock it down" ({@link LockDown}): ends every other session of the caller, online and offline, on every device,
     * keeps the console's own, and requires a new password. Each session ended is a {@code LOGOUT} event with
     * {@code reason=lock_down}; the password requirement an {@code EXECUTE_ACTIONS} event with the same reason.
     */
    @POST
    @Path("lock-down")
    @Produces(MediaType.APPLICATION_JSON)
    public Response lockDown() {
        Checked checked = check(true, Access.Need.WRITE);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        LockDown.Outcome outcome;
        try {
            outcome = LockDown.run(session, checked.caller());
        } catch (RetriedTransaction.StillChanging changing) {
            return stillChanging(changing, checked.caller().user().getId());
        }
        LOG.debugf("User %s locked their account down: %d session(s) and %d offline session(s) ended",
                checked.caller().user().getId(), outcome.sessionsEnded(), outcome.offlineSessionsEnded());
        return json(Response.Status.OK, outcome);
    }

    /**
     * The realm's account texts in one language: what Keycloak's {@code /resources/{realm}/account/{locale}} lists (the
     * realm's account theme's bundles with the realm's overrides), as one object, gzipped, revalidated by ETag. Like
     * Keycloak's list it needs no token: the texts are the realm's, not the user's, and the console reads them before
     * sign-in has finished. It falls back to Keycloak's list when this answers anything but 200 or 304.
     */
    @GET
    @Path("messages/{locale}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response messages(@PathParam("locale") String locale, @Context Request request,
            @HeaderParam(HttpHeaders.ACCEPT_ENCODING) String acceptEncoding) throws IOException {
        Response off = accountConsoleOff();
        if (off != null) {
            return off;
        }
        if (!Messages.validLanguageTag(locale)) {
            return error(Response.Status.BAD_REQUEST, "invalid_parameter",
                    "The language must be a language tag of at most " + Messages.MAX_TAG_LENGTH + " characters.");
        }
        Theme theme = session.theme().getTheme(Theme.Type.ACCOUNT);
        Properties texts = theme.getEnhancedMessages(realm(), Locale.forLanguageTag(locale));
        byte[] body = Messages.body(texts);
        boolean gzip = Messages.acceptsGzip(acceptEncoding);
        EntityTag etag = new EntityTag(Messages.etag(body, gzip));
        Response.ResponseBuilder unchanged = request.evaluatePreconditions(etag);
        Response.ResponseBuilder answer = unchanged != null ? unchanged
                : gzip ? Response.ok(Messages.gzip(body)).header(HttpHeaders.CONTENT_ENCODING, "gzip")
                        : Response.ok(body);
        // no-cache: kept, but asked again on every load (an admin may change an override at any moment), and then a
        // 304 costs a few hundred bytes. Not private: every user of the realm gets the same texts.
        return answer.type(MediaType.APPLICATION_JSON_TYPE.withCharset("utf-8"))
                .tag(etag)
                .header(HttpHeaders.CACHE_CONTROL, "no-cache")
                .header(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING)
                .build();
    }

    /** The user's own choice about sign-in alerts: {@link SignInAlertsResource}. */
    @Path("sign-in-alerts")
    public SignInAlertsResource signInAlerts() {
        return new SignInAlertsResource(session, need -> check(true, need));
    }

    /** The user's own app passwords: {@link AppPasswordsResource}. */
    @Path("app-passwords")
    public AppPasswordsResource appPasswords() {
        return new AppPasswordsResource(session, appPasswordLimit, need -> check(true, need));
    }

    /** The user's own organization memberships, and leaving one: {@link OrganizationMembershipsResource}. */
    @Path("organizations")
    public OrganizationMembershipsResource organizations() {
        return new OrganizationMembershipsResource(session, (featureOn, need) -> {
            Checked checked = check(featureOn, need);
            return checked.refusal() != null ? OrganizationMembershipsResource.Admission.refused(checked.refusal())
                    : OrganizationMembershipsResource.Admission.admitted(checked.caller().user(),
                            checked.caller().client());
        }, ExtensionResource::error);
    }

    /** The outcome of the checks every endpoint with a token runs: the caller, or the answer that refuses it. */
    record Checked(BearerCheck.Result caller, Response refusal) {
    }

    /**
     * The checks before an endpoint with a token does anything, in Keycloak's order for its account pages: the realm
     * has account management on, the feature is on, and the token's caller may use it ({@link Access#decide}).
     */
    Checked check(boolean featureOn, Access.Need need) {
        Response off = accountConsoleOff();
        if (off != null) {
            return new Checked(null, off);
        }
        if (!featureOn) {
            return new Checked(null, error(Response.Status.NOT_FOUND, "not_found",
                    "This feature is turned off on this server."));
        }
        BearerCheck.Result caller = BearerCheck.check(session);
        switch (Access.decide(caller.caller(), need)) {
            case ALLOWED:
                return new Checked(caller, null);
            case FORBIDDEN:
                return new Checked(null, error(Response.Status.FORBIDDEN, "forbidden",
                        "This token may not use this endpoint."));
            default:
                Response refusal = Response.status(Response.Status.UNAUTHORIZED)
                        .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"" + realm().getName() + "\"")
                        .header(HttpHeaders.CACHE_CONTROL, "no-store")
                        .type(MediaType.APPLICATION_JSON_TYPE)
                        .entity(write(new ErrorBody("unauthorized", "A valid bearer token of this realm is required.")))
                        .build();
                return new Checked(null, refusal);
        }
    }

    /**
     * Keycloak's answer where the realm switched account management off (its {@code account} client is missing or
     * disabled): {@code /realms/{realm}/account/} and the Account API answer 404 then, before any token is looked at,
     * and so does every endpoint here. An admin who turns account management off expects users to be unable to change
     * their second factor or read their activity through the console. Null while it is on.
     */
    private Response accountConsoleOff() {
        ClientModel account = realm().getClientByClientId(Constants.ACCOUNT_MANAGEMENT_CLIENT_ID);
        if (account != null && account.isEnabled()) {
            return null;
        }
        return error(Response.Status.NOT_FOUND, "not_found", "Account management is not enabled in this realm.");
    }

    private RealmModel realm() {
        return session.getContext().getRealm();
    }

    private static ActivityEvents.StoredEvent stored(Event event) {
        return new ActivityEvents.StoredEvent(event.getTime(), event.getType(), event.getIpAddress(),
                event.getClientId(), event.getError(), event.getDetails());
    }

    private static Response json(Response.Status status, Object body) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(HttpHeaders.CACHE_CONTROL, "no-store")
                .entity(write(body))
                .build();
    }

    static Response error(Response.Status status, String code, String description) {
        return json(status, new ErrorBody(code, description));
    }

    /** The body as Keycloak writes JSON ({@link JsonSerialization}, Jackson); the extension's types keep their nulls. */
    static byte[] write(Object body) {
        try {
            return JsonSerialization.writeValueAsBytes(body);
        } catch (IOException unwritable) {
            throw new UncheckedIOException(unwritable);
        }
    }
}

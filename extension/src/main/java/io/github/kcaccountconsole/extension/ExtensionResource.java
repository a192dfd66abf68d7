package io.github.kcaccountconsole.extension;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;
import org.keycloak.events.Event;
import org.keycloak.events.EventStoreProvider;
import org.keycloak.events.EventType;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.theme.Theme;

/**
 * The endpoints. Every one answers only for the token's user, in the URL's realm, and only to the account console.
 * The contract of each is in docs/extension.md.
 */
public class ExtensionResource {

    private static final Logger LOG = Logger.getLogger(ExtensionResource.class);

    private final KeycloakSession session;
    private final Features features;

    ExtensionResource(KeycloakSession session, Features features) {
        this.session = session;
        this.features = features;
    }

    /** What this server offers: the console shows a feature only when its flag is true. */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response probe() {
        Authorized authorized = authorize(Access.Need.READ);
        if (authorized.refusal() != null) {
            return authorized.refusal();
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("accountActivity", features.accountActivity());
        body.put("defaultSecondFactor", features.defaultSecondFactor());
        body.put("eventsEnabled", realm().isEventsEnabled());
        body.put("signInAlerts", SignInAlerts.offered(realm()));
        return json(Response.Status.OK, body);
    }

    /** The caller's own events, newest first, a bounded page at a time. */
    @GET
    @Path("events")
    @Produces(MediaType.APPLICATION_JSON)
    public Response events(@QueryParam("first") String first, @QueryParam("max") String max) {
        if (!features.accountActivity()) {
            return notFound();
        }
        Authorized authorized = authorize(Access.Need.READ);
        if (authorized.refusal() != null) {
            return authorized.refusal();
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
        String userId = authorized.user().getId();
        EventType[] types = ActivityEvents.TYPES.stream().map(EventType::valueOf).toArray(EventType[]::new);
        List<Map<String, Object>> rows = store.createQuery()
                .realm(realm.getId())
                .user(userId)
                .type(types)
                .orderByDescTime()
                .firstResult(page.first())
                .maxResults(page.max() + 1)
                .getResultStream()
                // The query already asked for exactly this; checked again so that no store can widen it.
                .filter(event -> realm.getId().equals(event.getRealmId()) && userId.equals(event.getUserId()))
                .filter(event -> event.getType() != null && ActivityEvents.isListed(event.getType().name()))
                .limit(page.max() + 1L)
                .map(ExtensionResource::stored)
                .map(ActivityEvents::toRow)
                .toList();
        return json(Response.Status.OK, ActivityEvents.page(true, page, rows));
    }

    /** Makes one of the caller's second-factor credentials the one Keycloak offers first. */
    @POST
    @Path("credentials/{credentialId}/default")
    @Produces(MediaType.APPLICATION_JSON)
    public Response makeDefault(@PathParam("credentialId") String credentialId) {
        if (!features.defaultSecondFactor()) {
            return notFound();
        }
        Authorized authorized = authorize(Access.Need.WRITE);
        if (authorized.refusal() != null) {
            return authorized.refusal();
        }
        UserModel user = authorized.user();
        List<CredentialOrder.Stored> credentials = user.credentialManager().getStoredCredentialsStream()
                .map(credential -> new CredentialOrder.Stored(credential.getId(), credential.getType()))
                .toList();
        CredentialOrder.Plan plan = CredentialOrder.plan(credentials, credentialId);
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
            LOG.debugf("User %s made credential %s their default second factor", user.getId(), credentialId);
        }
        return Response.noContent().header(HttpHeaders.CACHE_CONTROL, "no-store").build();
    }

    /**
     * The realm's account texts in one language: what Keycloak's {@code /resources/{realm}/account/{locale}} lists (the
     * realm's account theme's bundles with the realm's overrides), as one object, gzipped, revalidated by ETag. The
     * console reads its texts here and falls back to Keycloak's list when this answers anything but 200.
     */
    @GET
    @Path("messages/{locale}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response messages(@PathParam("locale") String locale,
            @HeaderParam(HttpHeaders.ACCEPT_ENCODING) String acceptEncoding,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) throws IOException {
        Authorized authorized = authorize(Access.Need.READ);
        if (authorized.refusal() != null) {
            return authorized.refusal();
        }
        if (!Messages.validLanguageTag(locale)) {
            return error(Response.Status.BAD_REQUEST, "invalid_parameter",
                    "The language must be a language tag of at most " + Messages.MAX_TAG_LENGTH + " characters.");
        }
        Theme theme = session.theme().getTheme(Theme.Type.ACCOUNT);
        Properties texts = theme.getEnhancedMessages(realm(), Locale.forLanguageTag(locale));
        byte[] body = Messages.body(texts);
        String etag = Messages.etag(body);
        // Private: the answer is for a signed-in user; no-cache: kept, but asked again each time (an admin may change
        // an override at any moment), and then a 304 costs a few hundred bytes.
        Response.ResponseBuilder answer = Messages.notModified(ifNoneMatch, etag)
                ? Response.notModified()
                : Messages.acceptsGzip(acceptEncoding)
                        ? Response.ok(Messages.gzip(body)).header(HttpHeaders.CONTENT_ENCODING, "gzip")
                        : Response.ok(body);
        return answer.type(MediaType.APPLICATION_JSON_TYPE.withCharset("utf-8"))
                .header(HttpHeaders.ETAG, etag)
                .header(HttpHeaders.CACHE_CONTROL, "private, no-cache")
                .header(HttpHeaders.VARY, "Accept-Encoding, Authorization")
                .build();
    }

    /** The user's own choice about sign-in alerts: {@link SignInAlertsResource}. */
    @Path("sign-in-alerts")
    public SignInAlertsResource signInAlerts() {
        return new SignInAlertsResource(session, this::authorize);
    }

    record Authorized(UserModel user, Response refusal) {
    }

    Authorized authorize(Access.Need need) {
        BearerCheck.Result result = BearerCheck.check(session);
        switch (Access.decide(result.caller(), need)) {
            case ALLOWED:
                return new Authorized(result.user(), null);
            case FORBIDDEN:
                return new Authorized(null, error(Response.Status.FORBIDDEN, "forbidden",
                        "This token may not use this endpoint."));
            default:
                Response refusal = Response.status(Response.Status.UNAUTHORIZED)
                        .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"" + realm().getName() + "\"")
                        .header(HttpHeaders.CACHE_CONTROL, "no-store")
                        .type(MediaType.APPLICATION_JSON_TYPE)
                        .entity(Json.write(errorBody("unauthorized", "A valid bearer token of this realm is required.")))
                        .build();
                return new Authorized(null, refusal);
        }
    }

    private RealmModel realm() {
        return session.getContext().getRealm();
    }

    private static ActivityEvents.StoredEvent stored(Event event) {
        return new ActivityEvents.StoredEvent(event.getTime(), event.getType().name(), event.getIpAddress(),
                event.getClientId(), event.getError(), event.getDetails());
    }

    private static Response notFound() {
        return error(Response.Status.NOT_FOUND, "not_found", "This feature is turned off on this server.");
    }

    private static Response json(Response.Status status, Object body) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(HttpHeaders.CACHE_CONTROL, "no-store")
                .entity(Json.write(body))
                .build();
    }

    static Response error(Response.Status status, String code, String description) {
        return json(status, errorBody(code, description));
    }

    static Map<String, Object> errorBody(String code, String description) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", Objects.requireNonNull(code));
        body.put("errorDescription", description);
        return body;
    }
}

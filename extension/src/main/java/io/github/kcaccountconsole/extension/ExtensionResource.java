package io.github.kcaccountconsole.extension;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;

import io.github.kcaccountconsole.extension.activity.ActivityResource;
import io.github.kcaccountconsole.extension.apppasswords.AppPasswordsOffered;
import io.github.kcaccountconsole.extension.apppasswords.AppPasswordsResource;
import io.github.kcaccountconsole.extension.lastused.LastUsedListenerFactory;
import io.github.kcaccountconsole.extension.lastused.LastUsedResource;
import io.github.kcaccountconsole.extension.messages.MessagesResource;
import io.github.kcaccountconsole.extension.places.PlaceBook;
import io.github.kcaccountconsole.extension.places.PlacesResource;
import io.github.kcaccountconsole.extension.secondfactors.SecondFactorsResource;
import io.github.kcaccountconsole.extension.sessions.ApplicationSessionsResource;
import io.github.kcaccountconsole.extension.sessions.LockDownResource;
import io.github.kcaccountconsole.extension.sessions.OfflineSessionsResource;
import io.github.kcaccountconsole.extension.shared.Access;
import io.github.kcaccountconsole.extension.shared.Answers;
import io.github.kcaccountconsole.extension.shared.Checks;
import io.github.kcaccountconsole.extension.signinalerts.SignInAlerts;
import io.github.kcaccountconsole.extension.signinalerts.SignInAlertsResource;

import io.github.kcaccountconsole.extension.organizations.OrganizationMembershipsResource;

/**
 * {@code /realms/{realm}/account-console-extension/}: the probe, and one resource per feature. Every endpoint but the
 * texts answers only for the token's user, in the URL's realm, and only to the account console. The contract of each
 * is in docs/extension.md.
 */
public class ExtensionResource {

    private final KeycloakSession session;
    private final Features features;
    private final int appPasswordLimit;
    private final PlaceBook placeBook;
    private final Checks checks;

    ExtensionResource(KeycloakSession session, Features features, int appPasswordLimit, PlaceBook placeBook) {
        this.session = session;
        this.features = features;
        this.appPasswordLimit = appPasswordLimit;
        this.placeBook = placeBook;
        this.checks = new Checks(session);
    }

    /**
     * The probe's answer: the console shows a feature only when its flag is true. With places, the attribution their
     * database's licence asks to show beside them ({@code null} when none is known).
     */
    @JsonPropertyOrder({"accountActivity", "defaultSecondFactor", "eventsEnabled", "signInAlerts",
        "applicationSessions", "verifyEmailAction", "offlineSessions", "lastUsed", "lockDown", "appPasswords",
        "places", "placesAttribution"})
    public record Offer(boolean accountActivity, boolean defaultSecondFactor, boolean eventsEnabled,
            boolean signInAlerts, boolean applicationSessions, boolean verifyEmailAction, boolean offlineSessions,
            boolean lastUsed, boolean lockDown, boolean appPasswords, boolean places, String placesAttribution) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response probe() {
        checks.require(Access.Need.READ);
        RealmModel realm = session.getContext().getRealm();
        return Answers.json(Response.Status.OK,
                new Offer(features.accountActivity(), features.defaultSecondFactor(), realm.isEventsEnabled(),
                        SignInAlerts.offered(realm), true, RequiredActions.startable(session, realm,
                                UserModel.RequiredAction.VERIFY_EMAIL.name()), true,
                        LastUsedListenerFactory.recording(realm), true,
                        appPasswordLimit > 0 && AppPasswordsOffered.offered(realm), placeBook.offered(),
                        placeBook.offered() ? placeBook.attribution() : null));
    }

    @Path("events")
    public ActivityResource events() {
        return new ActivityResource(session, checks, features.accountActivity(), placeBook);
    }

    /** JAX-RS tries the longer path first: {@code last-used} is never taken for a credential's id. */
    @Path("credentials/last-used")
    public LastUsedResource lastUsed() {
        return new LastUsedResource(session, checks);
    }

    @Path("credentials")
    public SecondFactorsResource secondFactors() {
        return new SecondFactorsResource(session, checks, features.defaultSecondFactor());
    }

    @Path("application-sessions")
    public ApplicationSessionsResource applicationSessions() {
        return new ApplicationSessionsResource(session, checks);
    }

    @Path("offline-sessions")
    public OfflineSessionsResource offlineSessions() {
        return new OfflineSessionsResource(session, checks);
    }

    @Path("lock-down")
    public LockDownResource lockDown() {
        return new LockDownResource(session, checks);
    }

    @Path("messages")
    public MessagesResource messages() {
        return new MessagesResource(session, checks);
    }

    @Path("sign-in-alerts")
    public SignInAlertsResource signInAlerts() {
        return new SignInAlertsResource(session, checks);
    }

    @Path("app-passwords")
    public AppPasswordsResource appPasswords() {
        return new AppPasswordsResource(session, checks, appPasswordLimit);
    }

    /** The approximate places of the user's own sessions, where the server has a places database. */
    @Path("places")
    public PlacesResource places() {
        return new PlacesResource(session, checks, placeBook);
    }

    /** The user's own organization memberships, and leaving one. */
    @Path("organizations")
    public OrganizationMembershipsResource organizations() {
        return new OrganizationMembershipsResource(session, checks);
    }
}

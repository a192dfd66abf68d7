package io.github.kcaccountconsole.extension.signinalerts;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.jboss.logging.Logger;
import org.keycloak.device.DeviceRepresentationProvider;
import org.keycloak.email.EmailException;
import org.keycloak.email.EmailSenderProvider;
import org.keycloak.events.Details;
import org.keycloak.events.Event;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.utils.KeycloakModelUtils;
import org.keycloak.representations.account.DeviceRepresentation;

import io.github.kcaccountconsole.extension.apppasswords.AppPasswords;
import io.github.kcaccountconsole.extension.places.PlaceBook;
import io.github.kcaccountconsole.extension.places.PlaceSource;
import io.github.kcaccountconsole.extension.shared.AfterCommit;
import io.github.kcaccountconsole.extension.shared.SignInListener;
import io.github.kcaccountconsole.extension.shared.UserStateWrites;

/**
 * Mails a user when their account signs in on a device it has not used before (docs/extension.md, "Sign-in alerts").
 *
 * <p>A sign-in costs a read of the user's state (its row, by primary key), and nothing else unless
 * something that matters changed (docs/extension.md, "Writes per sign-in"): then, once the sign-in has committed,
 * a thread of its own writes the change ({@link UserStateWrites}) and, for a new device, sends the mail. A slow or
 * absent mail server neither slows nor fails a sign-in, and a sign-in that rolled back changes nothing.
 */
public class SignInAlertListener extends SignInListener {

    private static final Logger LOG = Logger.getLogger(SignInAlertListener.class);

    /** A device gets at most one alert an hour, across the cluster (Keycloak's single-use store expires the mark). */
    static final long THROTTLE_SECONDS = 3600;
    static final String EXECUTOR = "account-console-sign-in-alerts";

    SignInAlertListener(KeycloakSession session) {
        super(session, "Sign-in alert skipped for user %s in realm %s");
    }

    @Override
    protected boolean heard(Event event) {
        return counts(event);
    }

    /**
     * Whether an event is a sign-in the alerts look at. A token refresh, a code exchange or a failed attempt is not a
     * sign-in, and a program's sign-in with an app password (a mail client polling from its server) is not a device.
     */
    static boolean counts(Event event) {
        if (!isSignIn(event)) {
            return false;
        }
        return event.getDetails() == null
                || !AppPasswords.CREDENTIAL_TYPE.equals(event.getDetails().get(Details.CREDENTIAL_TYPE));
    }

    @Override
    protected void signedIn(Event event, RealmModel realm, UserModel user) {
        DeviceRepresentationProvider devices = session.getProvider(DeviceRepresentationProvider.class);
        DeviceRepresentation device = devices == null ? null : devices.deviceRepresentation();
        String browser = DeviceKey.family(device == null ? null : device.getBrowser());
        String os = DeviceKey.os(device == null ? null : device.getOs());
        String deviceKey = DeviceKey.of(browser, os, DeviceKey.network(event.getIpAddress()));

        // The cheap first look: most sign-ins are of a device seen today, and end here without a write (unless the
        // state still sits in a credential of an earlier release: then it moves).
        UserStateWrites.Stored<SignInAlertState> stored = SignInAlertState.read(session, user);
        if (remember(stored.state(), deviceKey, event.getTime()).next() == null && !stored.inCredential()) {
            return;
        }
        Locale locale = session.getContext().resolveLocale(user);
        PlaceBook places = PlaceSource.of(session.getKeycloakSessionFactory());
        Sighting sighting = new Sighting(realm.getId(), user.getId(), deviceKey, new SignInAlertMail.Facts(
                event.getTime(), browser, os, event.getIpAddress(), locale, session.getContext().getUri().getBaseUri(),
                places.near(event.getIpAddress(), locale.toLanguageTag()).orElse(null), places.attribution()));
        KeycloakSessionFactory factory = session.getKeycloakSessionFactory();
        AfterCommit.run(session, EXECUTOR, () -> afterSignIn(factory, sighting),
                () -> LOG.warnf("Sign-in of user %s not remembered: the sign-in alerts' queue is full",
                        sighting.userId()));
    }

    /**
     * The write rule for one sign-in of {@code deviceKey} at {@code time}: write when the device is new (or the first
     * ever), or known but last seen more than a day ago; never for a user who turned the alerts off. The result is the
     * verdict ({@code null} when alerts are off).
     */
    public static UserStateWrites.Change<SignInAlertState, KnownDevices.Verdict> remember(SignInAlertState state,
            String deviceKey, long time) {
        if (!state.alertsOn()) {
            return UserStateWrites.Change.none(null);
        }
        KnownDevices.Outcome outcome = KnownDevices.see(state.devices(), DeviceKey.hash(state.salt(), deviceKey), time);
        return new UserStateWrites.Change<>(outcome.changed() ? state.withDevices(outcome.devices()) : null,
                outcome.verdict());
    }

    /** A sign-in worth remembering, with copies of what its mail needs from the request's session. */
    private record Sighting(String realmId, String userId, String deviceKey, SignInAlertMail.Facts facts) {
    }

    /** On the executor: the change, under the user's mark and against the state as it is now; then the mail. */
    private static void afterSignIn(KeycloakSessionFactory factory, Sighting sighting) {
        Optional<KnownDevices.Verdict> verdict;
        try {
            verdict = UserStateWrites.apply(factory, SignInAlertState.KIND, sighting.realmId(), sighting.userId(),
                    state -> remember(state, sighting.deviceKey(), sighting.facts().time()));
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
            return;
        } catch (RuntimeException failed) {
            LOG.warnf(failed, "Sign-in of user %s not remembered", sighting.userId());
            return;
        }
        if (verdict.isEmpty()) {
            LOG.warnf("Sign-in of user %s not remembered: another change of their devices took too long",
                    sighting.userId());
        } else if (verdict.get() == KnownDevices.Verdict.NEW) {
            mail(factory, sighting);
        }
    }

    private static void mail(KeycloakSessionFactory factory, Sighting sighting) {
        try {
            KeycloakModelUtils.runJobInTransaction(factory, session -> {
                RealmModel realm = session.realms().getRealm(sighting.realmId());
                if (realm == null) {
                    return;
                }
                session.getContext().setRealm(realm);
                UserModel user = session.users().getUserById(realm, sighting.userId());
                if (user == null) {
                    return;
                }
                Map<String, String> smtp = realm.getSmtpConfig();
                // As Keycloak's own email event listener: an address the user has not proven is not mailed.
                if (!mailable(user) || !SignInAlerts.hasMailServer(smtp)) {
                    return;
                }
                String throttle = EXECUTOR + ":" + user.getId() + ":"
                        + DeviceKey.hash(user.getId(), sighting.deviceKey());
                if (!session.singleUseObjects().putIfAbsent(throttle, THROTTLE_SECONDS)) {
                    return;
                }
                SignInAlertMail.Rendered mail;
                try {
                    mail = SignInAlertMail.render(session, realm, user, sighting.facts());
                } catch (Exception renderFailure) {
                    LOG.warnf(renderFailure, "Sign-in alert for user %s could not be rendered", user.getId());
                    return;
                }
                try {
                    session.getProvider(EmailSenderProvider.class).send(smtp, user.getEmail(), mail.subject(),
                            mail.text(), mail.html());
                } catch (EmailException failed) {
                    LOG.warnf("Sign-in alert for user %s not sent: %s", user.getId(), failed.getMessage());
                }
            });
        } catch (RuntimeException failed) {
            LOG.warnf(failed, "Sign-in alert for user %s not sent", sighting.userId());
        }
    }

    /** A user gets a mail only at an address they have verified. */
    static boolean mailable(UserModel user) {
        return user.isEmailVerified() && user.getEmail() != null && !user.getEmail().isBlank();
    }
}

package io.github.kcaccountconsole.extension;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import org.jboss.logging.Logger;
import org.keycloak.device.DeviceRepresentationProvider;
import org.keycloak.email.EmailException;
import org.keycloak.email.EmailSenderProvider;
import org.keycloak.events.Event;
import org.keycloak.events.EventListenerProvider;
import org.keycloak.events.EventType;
import org.keycloak.events.admin.AdminEvent;
import org.keycloak.executors.ExecutorsProvider;
import org.keycloak.models.AbstractKeycloakTransaction;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.utils.KeycloakModelUtils;
import org.keycloak.representations.account.DeviceRepresentation;

/**
 * Mails a user when their account signs in on a device it has not used before (docs/extension.md, "Sign-in alerts").
 * The decision and the remembered devices are part of the sign-in's transaction; the mail leaves only after that
 * transaction committed, on a thread of its own, so a slow or absent mail server neither slows nor fails a sign-in.
 */
public class SignInAlertListener implements EventListenerProvider {

    private static final Logger LOG = Logger.getLogger(SignInAlertListener.class);

    /** A device gets at most one alert an hour, across the cluster (Keycloak's single-use store expires the mark). */
    static final long THROTTLE_SECONDS = 3600;
    static final String EXECUTOR = "account-console-sign-in-alerts";

    private final KeycloakSession session;

    SignInAlertListener(KeycloakSession session) {
        this.session = session;
    }

    @Override
    public void onEvent(Event event) {
        // A token refresh, a code exchange or a failed attempt is not a sign-in.
        if (event.getType() != EventType.LOGIN || event.getUserId() == null || event.getRealmId() == null) {
            return;
        }
        try {
            handle(event);
        } catch (RuntimeException failure) {
            LOG.warnf(failure, "Sign-in alert skipped for user %s in realm %s", event.getUserId(), event.getRealmId());
        }
    }

    private void handle(Event event) {
        RealmModel realm = session.realms().getRealm(event.getRealmId());
        UserModel user = realm == null ? null : session.users().getUserById(realm, event.getUserId());
        if (user == null) {
            return;
        }
        DeviceRepresentationProvider devices = session.getProvider(DeviceRepresentationProvider.class);
        DeviceRepresentation device = devices == null ? null : devices.deviceRepresentation();
        String browser = DeviceKey.family(device == null ? null : device.getBrowser());
        String os = DeviceKey.os(device == null ? null : device.getOs());

        SignInAlertState.Stored stored = SignInAlertState.read(user);
        SignInAlertState state = stored.state();
        String key = DeviceKey.hash(state.salt(), DeviceKey.of(browser, os, DeviceKey.network(event.getIpAddress())));
        KnownDevices.Outcome outcome = KnownDevices.see(state.devices(), key, event.getTime());
        SignInAlertState.write(user, stored, state.withDevices(outcome.devices()));

        if (outcome.verdict() != KnownDevices.Verdict.NEW || !state.alertsOn()) {
            return;
        }
        String address = user.getEmail();
        Map<String, String> smtp = realm.getSmtpConfig();
        if (address == null || address.isBlank() || !SignInAlerts.hasMailServer(smtp)) {
            return;
        }
        if (!session.singleUseObjects().putIfAbsent(EXECUTOR + ":" + user.getId() + ":" + key, THROTTLE_SECONDS)) {
            return;
        }
        SignInAlertMail.Rendered mail;
        try {
            mail = SignInAlertMail.render(session, realm, user,
                    new SignInAlertMail.Facts(event.getTime(), browser, os, event.getIpAddress()));
        } catch (Exception renderFailure) {
            LOG.warnf(renderFailure, "Sign-in alert for user %s could not be rendered", user.getId());
            return;
        }
        Outgoing outgoing = new Outgoing(realm.getId(), user.getId(), address, new HashMap<>(smtp), mail);
        KeycloakSessionFactory factory = session.getKeycloakSessionFactory();
        Executor executor = session.getProvider(ExecutorsProvider.class).getExecutor(EXECUTOR);
        session.getTransactionManager().enlistAfterCompletion(new AbstractKeycloakTransaction() {
            @Override
            protected void commitImpl() {
                try {
                    executor.execute(() -> send(factory, outgoing));
                } catch (RejectedExecutionException full) {
                    LOG.warnf("Sign-in alert for user %s not sent: the mail queue is full", outgoing.userId());
                }
            }

            @Override
            protected void rollbackImpl() {
                // The sign-in did not happen: nothing to tell.
            }
        });
    }

    /** A mail ready to go, with copies of what it needs from the request's session. */
    private record Outgoing(String realmId, String userId, String address, Map<String, String> smtp,
            SignInAlertMail.Rendered mail) {
    }

    private static void send(KeycloakSessionFactory factory, Outgoing outgoing) {
        try {
            KeycloakModelUtils.runJobInTransaction(factory, session -> {
                session.getContext().setRealm(session.realms().getRealm(outgoing.realmId()));
                try {
                    session.getProvider(EmailSenderProvider.class).send(outgoing.smtp(), outgoing.address(),
                            outgoing.mail().subject(), outgoing.mail().text(), outgoing.mail().html());
                } catch (EmailException failed) {
                    LOG.warnf("Sign-in alert for user %s not sent: %s", outgoing.userId(), failed.getMessage());
                }
            });
        } catch (RuntimeException failed) {
            LOG.warnf(failed, "Sign-in alert for user %s not sent", outgoing.userId());
        }
    }

    @Override
    public void onEvent(AdminEvent event, boolean includeRepresentation) {
    }

    @Override
    public void close() {
    }
}

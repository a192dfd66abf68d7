package io.github.kcaccountconsole.extension.shared;

import org.jboss.logging.Logger;
import org.keycloak.events.Event;
import org.keycloak.events.EventListenerProvider;
import org.keycloak.events.EventType;
import org.keycloak.events.admin.AdminEvent;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;

/**
 * An event listener that looks at a user's sign-ins ({@code LOGIN}) and nothing else. A failure of its own is logged
 * and never fails the sign-in.
 */
public abstract class SignInListener implements EventListenerProvider {

    protected final KeycloakSession session;
    private final Logger log;
    /** The warning when a sign-in could not be handled, with the user's and the realm's id. */
    private final String notHandled;

    protected SignInListener(KeycloakSession session, String notHandled) {
        this.session = session;
        this.log = Logger.getLogger(getClass());
        this.notHandled = notHandled;
    }

    /** Whether an event is a sign-in of a user in a realm. */
    public static boolean isSignIn(Event event) {
        return event.getType() == EventType.LOGIN && event.getUserId() != null && event.getRealmId() != null;
    }

    /** Whether this listener looks at the event; every sign-in unless a listener says otherwise. */
    protected boolean heard(Event event) {
        return isSignIn(event);
    }

    /** The sign-in of a user who still exists, in the request's session. */
    protected abstract void signedIn(Event event, RealmModel realm, UserModel user);

    @Override
    public void onEvent(Event event) {
        if (!heard(event)) {
            return;
        }
        try {
            RealmModel realm = session.realms().getRealm(event.getRealmId());
            UserModel user = realm == null ? null : session.users().getUserById(realm, event.getUserId());
            if (user != null) {
                signedIn(event, realm, user);
            }
        } catch (RuntimeException failure) {
            log.warnf(failure, notHandled, event.getUserId(), event.getRealmId());
        }
    }

    @Override
    public void onEvent(AdminEvent event, boolean includeRepresentation) {
    }

    @Override
    public void close() {
    }
}

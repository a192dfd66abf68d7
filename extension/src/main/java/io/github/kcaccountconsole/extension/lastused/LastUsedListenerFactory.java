package io.github.kcaccountconsole.extension.lastused;

import java.util.Arrays;

import org.keycloak.events.EventListenerProvider;
import org.keycloak.events.EventListenerProviderFactory;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;

import io.github.kcaccountconsole.extension.shared.PlainProviderFactory;

/**
 * The event listener {@code account-console-last-used}. Keycloak 26.1 and later call it for every realm
 * ({@link #isGlobal()}); on 26.0, which has no global listeners, a realm admin adds it to the realm's event listeners.
 */
public class LastUsedListenerFactory extends PlainProviderFactory implements EventListenerProviderFactory {

    public static final String ID = "account-console-last-used";

    /** Whether this server calls global listeners for every realm: its listener factories declare isGlobal(). */
    static final boolean SERVER_HAS_GLOBAL_LISTENERS = Arrays.stream(EventListenerProviderFactory.class.getMethods())
            .anyMatch(method -> method.getName().equals("isGlobal") && method.getParameterCount() == 0);

    @Override
    public EventListenerProvider create(KeycloakSession session) {
        return new LastUsedListener(session);
    }

    /** Keycloak 26.1+ (an override there; an unused method on 26.0): heard in every realm, with no setting. */
    public boolean isGlobal() {
        return true;
    }

    /** Whether sign-ins of this realm are recorded. */
    public static boolean recording(RealmModel realm) {
        return SERVER_HAS_GLOBAL_LISTENERS || realm.getEventsListenersStream().anyMatch(ID::equals);
    }

    @Override
    public String getId() {
        return ID;
    }
}

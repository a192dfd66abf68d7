package io.github.kcaccountconsole.extension.signinalerts;

import org.keycloak.events.EventListenerProvider;
import org.keycloak.events.EventListenerProviderFactory;
import org.keycloak.models.KeycloakSession;

import io.github.kcaccountconsole.extension.shared.PlainProviderFactory;

/**
 * The event listener {@code account-console-sign-in-alerts}. It does nothing until a realm admin adds it to the
 * realm's event listeners (Realm settings, Events, Event listeners).
 */
public class SignInAlertListenerFactory extends PlainProviderFactory implements EventListenerProviderFactory {

    public static final String ID = "account-console-sign-in-alerts";

    @Override
    public EventListenerProvider create(KeycloakSession session) {
        return new SignInAlertListener(session);
    }

    @Override
    public String getId() {
        return ID;
    }
}

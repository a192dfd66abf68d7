package io.github.kcaccountconsole.extension;

import org.keycloak.authentication.InitiatedActionSupport;
import org.keycloak.authentication.RequiredActionFactory;
import org.keycloak.authentication.RequiredActionProvider;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.RequiredActionProviderModel;

/** What Keycloak does with a console's {@code kc_action}: the realm's required actions, as the server runs them. */
final class RequiredActions {

    private RequiredActions() {
    }

    /**
     * Whether {@code kc_action=<alias>} starts the action in this realm. Keycloak starts it only where the realm has it
     * enabled and its provider supports being started by an application; otherwise it returns to the application with
     * {@code kc_action_status=error} and nothing happens. Keycloak 26.0's {@code VERIFY_EMAIL} is one it does not start
     * (its provider declares no support).
     */
    static boolean startable(KeycloakSession session, RealmModel realm, String alias) {
        RequiredActionProviderModel model = realm.getRequiredActionProviderByAlias(alias);
        if (model == null || !model.isEnabled()) {
            return false;
        }
        if (!(session.getKeycloakSessionFactory().getProviderFactory(RequiredActionProvider.class,
                model.getProviderId()) instanceof RequiredActionFactory factory)) {
            return false;
        }
        RequiredActionProvider provider = factory.create(session);
        try {
            return provider.initiatedActionSupport() == InitiatedActionSupport.SUPPORTED;
        } finally {
            provider.close();
        }
    }
}

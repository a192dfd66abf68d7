package io.github.kcaccountconsole.extension.shared;

import org.keycloak.Config;
import org.keycloak.models.KeycloakSessionFactory;

/** A provider factory with nothing to set up or release: Keycloak's three life-cycle calls, empty. */
public abstract class PlainProviderFactory {

    public void init(Config.Scope config) {
    }

    public void postInit(KeycloakSessionFactory factory) {
    }

    public void close() {
    }
}

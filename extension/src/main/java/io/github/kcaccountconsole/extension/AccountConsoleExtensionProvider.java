package io.github.kcaccountconsole.extension;

import org.keycloak.models.KeycloakSession;
import org.keycloak.services.resource.RealmResourceProvider;

/** One request's provider: hands JAX-RS the resource that answers it. */
public class AccountConsoleExtensionProvider implements RealmResourceProvider {

    private final KeycloakSession session;
    private final Features features;
    private final int appPasswordLimit;

    AccountConsoleExtensionProvider(KeycloakSession session, Features features, int appPasswordLimit) {
        this.session = session;
        this.features = features;
        this.appPasswordLimit = appPasswordLimit;
    }

    @Override
    public Object getResource() {
        return new ExtensionResource(session, features, appPasswordLimit);
    }

    @Override
    public void close() {
    }
}

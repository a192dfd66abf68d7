package io.github.kcaccountconsole.extension;

import java.util.List;

import org.keycloak.Config;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.provider.ProviderConfigProperty;
import org.keycloak.provider.ProviderConfigurationBuilder;
import org.keycloak.services.resource.RealmResourceProvider;
import org.keycloak.services.resource.RealmResourceProviderFactory;

/**
 * Registers the extension's endpoints under {@code /realms/{realm}/account-console-extension/} and reads which of
 * its features the server's admin turned off.
 */
public class AccountConsoleExtensionFactory implements RealmResourceProviderFactory {

    public static final String ID = "account-console-extension";

    private Features features = Features.ALL;

    @Override
    public RealmResourceProvider create(KeycloakSession session) {
        return new AccountConsoleExtensionProvider(session, features);
    }

    @Override
    public void init(Config.Scope config) {
        features = Features.from(config::get);
    }

    @Override
    public void postInit(KeycloakSessionFactory factory) {
    }

    @Override
    public void close() {
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    public List<ProviderConfigProperty> getConfigMetadata() {
        return ProviderConfigurationBuilder.create()
                .property()
                .name(Features.ACCOUNT_ACTIVITY_OPTION)
                .type("boolean")
                .helpText("Lets users list their own sign-in and account events (false turns the endpoint off).")
                .defaultValue(true)
                .add()
                .property()
                .name(Features.DEFAULT_SECOND_FACTOR_OPTION)
                .type("boolean")
                .helpText("Lets users choose which of their second factors is offered first (false turns it off).")
                .defaultValue(true)
                .add()
                .build();
    }
}

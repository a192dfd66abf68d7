package io.github.kcaccountconsole.extension;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.jboss.logging.Logger;

import org.keycloak.Config;
import org.keycloak.models.KeycloakSession;
import org.keycloak.provider.ProviderConfigProperty;
import org.keycloak.provider.ProviderConfigurationBuilder;
import org.keycloak.services.resource.RealmResourceProvider;
import org.keycloak.services.resource.RealmResourceProviderFactory;

import io.github.kcaccountconsole.extension.apppasswords.AppPasswords;
import io.github.kcaccountconsole.extension.places.PlaceBook;
import io.github.kcaccountconsole.extension.places.PlaceSource;
import io.github.kcaccountconsole.extension.shared.PlainProviderFactory;

/**
 * Registers the extension's endpoints under {@code /realms/{realm}/account-console-extension/} and reads which of
 * its features the server's admin turned off.
 */
public class AccountConsoleExtensionFactory extends PlainProviderFactory
        implements RealmResourceProviderFactory, PlaceSource {

    public static final String ID = Features.PROVIDER_ID;

    private static final Logger LOG = Logger.getLogger(AccountConsoleExtensionFactory.class);

    private Features features = Features.ALL;
    /** App passwords per user; 0 while the option turns them off. */
    private int appPasswordLimit = AppPasswords.DEFAULT_LIMIT;
    /** The operator's IP geolocation database, opened once for the whole server. */
    private PlaceBook placeBook = PlaceBook.NONE;

    @Override
    public RealmResourceProvider create(KeycloakSession session) {
        return new AccountConsoleExtensionProvider(new ExtensionResource(session, features, appPasswordLimit, placeBook));
    }

    @Override
    public void init(Config.Scope config) {
        Set<String> known = getConfigMetadata().stream().map(ProviderConfigProperty::getName)
                .collect(Collectors.toSet());
        Features.Reading reading = Features.read(config, known);
        reading.errors().forEach(LOG::error);
        features = reading.features();
        AppPasswords.Limit limit = AppPasswords.readLimit(config,
                !Features.unknownOptions(config.getPropertyNames(), known).isEmpty(), ID);
        if (limit.error() != null) {
            LOG.error(limit.error());
        }
        appPasswordLimit = limit.value();
        placeBook = PlaceBook.of(config.get(PlaceBook.DATABASE_OPTION), config.get(PlaceBook.ATTRIBUTION_OPTION));
        LOG.debugf("Features: %s, app passwords per user: %d", features, appPasswordLimit);
    }

    @Override
    public PlaceBook placeBook() {
        return placeBook;
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
                .type(ProviderConfigProperty.BOOLEAN_TYPE)
                .helpText("Lets users list their own sign-in and account events (true or false; anything else is an "
                        + "error and turns it off).")
                .defaultValue(true)
                .add()
                .property()
                .name(Features.DEFAULT_SECOND_FACTOR_OPTION)
                .type(ProviderConfigProperty.BOOLEAN_TYPE)
                .helpText("Lets users choose which of their second factors is offered first (true or false; anything "
                        + "else is an error and turns it off).")
                .defaultValue(true)
                .add()
                .property()
                .name(AppPasswords.LIMIT_OPTION)
                .type(ProviderConfigProperty.STRING_TYPE)
                .helpText("How many app passwords a user may have, from 1 to " + AppPasswords.MAX_LIMIT
                        + " (anything else is an error and turns app passwords off).")
                .defaultValue(AppPasswords.DEFAULT_LIMIT)
                .add()
                .property()
                .name(PlaceBook.DATABASE_OPTION)
                .type(ProviderConfigProperty.STRING_TYPE)
                .helpText("Path of an IP geolocation database in the MaxMind DB format; sign-ins and sessions show "
                        + "their approximate place. Unset: no places.")
                .add()
                .property()
                .name(PlaceBook.ATTRIBUTION_OPTION)
                .type(ProviderConfigProperty.STRING_TYPE)
                .helpText("The attribution the database's licence asks to show beside its places (default: the "
                        + "database's own description).")
                .add()
                .build();
    }
}

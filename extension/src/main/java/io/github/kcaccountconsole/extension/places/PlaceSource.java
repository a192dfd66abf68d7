package io.github.kcaccountconsole.extension.places;

import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.services.resource.RealmResourceProvider;

/**
 * The provider factory that reads the places option and holds the server's one {@link PlaceBook} (the extension's
 * realm resource factory); other providers of the extension (the sign-in alerts) find it through Keycloak's registry.
 */
public interface PlaceSource {

    PlaceBook placeBook();

    /** The server's place book; {@link PlaceBook#NONE} when the extension's factory is not deployed. */
    static PlaceBook of(KeycloakSessionFactory factory) {
        return factory.getProviderFactoriesStream(RealmResourceProvider.class)
                .filter(PlaceSource.class::isInstance)
                .map(source -> ((PlaceSource) source).placeBook())
                .findFirst()
                .orElse(PlaceBook.NONE);
    }
}

package io.github.kcaccountconsole.extension.shared;

import java.util.List;

import jakarta.persistence.EntityManager;

import org.keycloak.connections.jpa.JpaConnectionProvider;
import org.keycloak.connections.jpa.entityprovider.JpaEntityProvider;
import org.keycloak.connections.jpa.entityprovider.JpaEntityProviderFactory;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;

/**
 * The extension's own table ({@link UserStateEntity}) as a JPA entity provider: Keycloak runs its change log at start,
 * in a change-log table of its own, before any request. Its rows go with their user and their realm, in the same
 * transaction: a foreign key to {@code USER_ENTITY} could not serve, since a federated user without import has no row
 * there.
 */
public class UserStateEntityProviderFactory extends PlainProviderFactory implements JpaEntityProviderFactory {

    public static final String ID = "account-console-state";
    static final String CHANGELOG = "META-INF/account-console-changelog.xml";

    private static final JpaEntityProvider PROVIDER = new JpaEntityProvider() {
        @Override
        public List<Class<?>> getEntities() {
            return List.of(UserStateEntity.class);
        }

        @Override
        public String getChangelogLocation() {
            return CHANGELOG;
        }

        @Override
        public String getFactoryId() {
            return ID;
        }

        @Override
        public void close() {
        }
    };

    @Override
    public JpaEntityProvider create(KeycloakSession session) {
        return PROVIDER;
    }

    /** Keycloak publishes these after it removed the user (its {@code UserManager}) or while it removes the realm. */
    @Override
    public void postInit(KeycloakSessionFactory factory) {
        factory.register(event -> {
            if (event instanceof UserModel.UserRemovedEvent removed) {
                entityManager(removed.getKeycloakSession()).createNamedQuery(UserStateEntity.DELETE_OF_USER)
                        .setParameter("userId", removed.getUser().getId())
                        .executeUpdate();
            } else if (event instanceof RealmModel.RealmRemovedEvent removed) {
                entityManager(removed.getKeycloakSession()).createNamedQuery(UserStateEntity.DELETE_OF_REALM)
                        .setParameter("realmId", removed.getRealm().getId())
                        .executeUpdate();
            }
        });
    }

    static EntityManager entityManager(KeycloakSession session) {
        return session.getProvider(JpaConnectionProvider.class).getEntityManager();
    }

    @Override
    public String getId() {
        return ID;
    }
}

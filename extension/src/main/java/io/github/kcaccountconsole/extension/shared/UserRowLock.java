package io.github.kcaccountconsole.extension.shared;

import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import org.keycloak.connections.jpa.JpaConnectionProvider;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.cache.UserCache;
import org.keycloak.models.jpa.entities.UserEntity;
import org.keycloak.storage.UserStorageUtil;

/** A user's row, taken for the rest of the request's transaction before a change that must not run twice at once. */
public final class UserRowLock {

    private UserRowLock() {
    }

    /**
     * Takes the user's row of Keycloak's USER_ENTITY table for writing until the request's transaction ends, and
     * returns the user as the database has it now, past Keycloak's user cache: changes of one user that take it (an app
     * password's create, leaving an organization), on any node of a cluster, then run one after the other, and each
     * sees what every earlier one committed. JPA's
     * pessimistic lock, so that Hibernate writes it in the database's own words (PostgreSQL, H2, MySQL, ...). The
     * user is evicted from the cache for this session, as Keycloak's own cache does when a user changes; the change
     * that follows changes it anyway. A user with no row of its own (a federated user that is not imported) is
     * returned as it was, unlocked.
     */
    public static UserModel lock(KeycloakSession session, RealmModel realm, UserModel user) {
        EntityManager entityManager = session.getProvider(JpaConnectionProvider.class).getEntityManager();
        UserEntity row = entityManager.find(UserEntity.class, user.getId(), LockModeType.PESSIMISTIC_WRITE);
        if (row == null) {
            return user;
        }
        UserCache cache = UserStorageUtil.userCache(session);
        if (cache == null) {
            return user;
        }
        cache.evict(realm, user);
        UserModel fresh = session.users().getUserById(realm, user.getId());
        return fresh != null ? fresh : user;
    }
}

package io.github.kcaccountconsole.extension.sessions;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongUnaryOperator;

import jakarta.persistence.EntityManager;

import org.jboss.logging.Logger;
import org.keycloak.connections.jpa.JpaConnectionProvider;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.utils.SessionExpirationUtils;

/**
 * One page of a user's offline session ids, newest refresh first, read through Keycloak's own JPA entity for its
 * session table ({@code PersistentUserSessionEntity} on {@code OFFLINE_USER_SESSION}, where Keycloak keeps every
 * offline session in its database) with the database's index on the user. A JPQL query on the entity, not SQL on the
 * table: Hibernate writes the table's name with the server's schema. The entity is looked up in the persistence
 * unit's metamodel first: a failed query would mark the request's transaction for rollback, and the fallback must
 * still be able to read. Keycloak's provider lists a user's offline sessions only all at once, each loaded with its
 * applications and notes, which for 1,000 sessions costs more than a page may (docs/production.md, "Offline sessions
 * at scale"). Where the database cannot answer (a server without Keycloak's JPA store, a changed table) the page is
 * {@code null} and the caller lists through the provider instead.
 */
final class OfflineSessionIndex {

    private static final Logger LOG = Logger.getLogger(OfflineSessionIndex.class);
    /** The fallback is said once per server at WARN (then at DEBUG): it works, but costs more per page. */
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    static final String ENTITY = "PersistentUserSessionEntity";
    /**
     * The fields of Keycloak's {@code PersistentUserSessionEntity}; offline rows have the flag {@code 1}. Rows of
     * sessions that have expired stay in the table until Keycloak's periodic cleanup, while its provider no longer
     * returns them: they are left out here, or a page would come out short.
     */
    static final String QUERY = "select s.userSessionId from PersistentUserSessionEntity s"
            + " where s.realmId = :realmId and s.userId = :userId and s.offline = '1'"
            + " and s.lastSessionRefresh > :refreshedAfter and s.createdOn > :createdAfter"
            + " order by s.lastSessionRefresh desc, s.userSessionId";

    /** The times (epoch seconds) an offline session must be refreshed and started after to be still live. */
    record Live(int refreshedAfter, int createdAfter) {
    }

    /**
     * The bounds of a live session at {@code nowMillis}, from Keycloak's own expiry of an offline session: the time
     * it idles out given its last refresh ({@code idleExpiry}) and the end of its lifespan given its start
     * ({@code lifespanExpiry}, -1 where the realm sets none), both in epoch milliseconds. Keycloak's expiry is the
     * time plus the realm's timeout, so the timeout is the expiry of time 0; a session lives while its expiry is
     * after now.
     */
    static Live live(long nowMillis, LongUnaryOperator idleExpiry, LongUnaryOperator lifespanExpiry) {
        return new Live(after(nowMillis, idleExpiry.applyAsLong(0)), after(nowMillis, lifespanExpiry.applyAsLong(0)));
    }

    private static int after(long nowMillis, long timeoutMillis) {
        if (timeoutMillis < 0) {
            return Integer.MIN_VALUE;
        }
        // time * 1000 + timeout > now holds for a whole second count exactly when time > floor((now - timeout) / 1000).
        return (int) Math.max(Integer.MIN_VALUE, Math.floorDiv(nowMillis - timeoutMillis, 1000L));
    }

    /** {@link #live} for the realm now, with Keycloak's {@link SessionExpirationUtils}. */
    static Live live(RealmModel realm) {
        return live(System.currentTimeMillis(),
                lastRefresh -> SessionExpirationUtils.calculateUserSessionIdleTimestamp(true, false, lastRefresh, realm),
                started -> SessionExpirationUtils.calculateUserSessionMaxLifespanTimestamp(true, false, started, realm));
    }

    private OfflineSessionIndex() {
    }

    /** Up to {@code count} ids from {@code first} on, or null where the table cannot be read. */
    static List<String> ids(KeycloakSession session, RealmModel realm, UserModel user, int first, int count) {
        try {
            JpaConnectionProvider jpa = session.getProvider(JpaConnectionProvider.class);
            if (jpa == null) {
                fellBack(null, user);
                return null;
            }
            EntityManager entities = jpa.getEntityManager();
            Live live = live(realm);
            if (entities.getMetamodel().getEntities().stream().noneMatch(type -> ENTITY.equals(type.getName()))) {
                fellBack(null, user);
                return null;
            }
            return entities
                    .createQuery(QUERY, String.class)
                    .setParameter("realmId", realm.getId())
                    .setParameter("userId", user.getId())
                    .setParameter("refreshedAfter", live.refreshedAfter())
                    .setParameter("createdAfter", live.createdAfter())
                    .setFirstResult(first)
                    .setMaxResults(count)
                    .getResultList();
        } catch (RuntimeException | LinkageError unreadable) {
            // The provider's list is slower but always right: the caller uses it.
            fellBack(unreadable, user);
            return null;
        }
    }

    private static void fellBack(Throwable why, UserModel user) {
        if (WARNED.compareAndSet(false, true)) {
            LOG.warnf(why, "Keycloak's offline session entity could not be queried: offline sessions are listed through"
                    + " the session provider, which loads all of a user's sessions for each page");
        } else {
            LOG.debugf(why, "Offline sessions of user %s listed through the session provider", user.getId());
        }
    }
}

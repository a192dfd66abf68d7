package io.github.kcaccountconsole.extension.shared;

import java.sql.SQLException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

import jakarta.persistence.LockTimeoutException;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.PessimisticLockException;

import org.jboss.logging.Logger;
import org.keycloak.common.util.Retry;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionTaskWithResult;
import org.keycloak.models.utils.KeycloakModelUtils;

/**
 * A change to the user's sessions in a transaction of its own, run again when the database refused it because another
 * transaction changed the same rows meanwhile: an application refreshing its offline token writes the row of its
 * client session, and ending that session then finds the row's version changed (an optimistic-lock failure). The
 * request's own transaction commits only after the resource method has returned, too late to try again; this one
 * commits before the method goes on, so the method knows whether the change was made.
 *
 * <p>Keycloak 26.0 to 26.7 have no helper for this ({@code KeycloakModelUtils.runJobInRetriableTransaction} of older
 * releases is gone, and it retried only SQL state 40001): the transaction is Keycloak's
 * ({@link KeycloakModelUtils#runJobInTransaction} with the request's realm and client), the pause between tries is
 * Keycloak's backoff with jitter ({@link Retry#computeBackoffInterval}), and only the loop is ours.
 */
public final class RetriedTransaction {

    private static final Logger LOG = Logger.getLogger(RetriedTransaction.class);

    /** Tries in all; a refresh holds its rows for milliseconds, so the last try comes well after it. */
    static final int ATTEMPTS = 5;
    /** The base of Keycloak's backoff: the pause before try n is random below base * 2^(n-1) ms. */
    static final int BACKOFF_BASE_MILLIS = 20;

    private RetriedTransaction() {
    }

    /** Every try met a concurrent change; each was rolled back, so nothing of the change was made. */
    public static final class StillChanging extends RuntimeException {

        StillChanging(Throwable last) {
            super("The user's sessions kept changing during " + ATTEMPTS + " tries", last);
        }
    }

    /**
     * Runs {@code change} in a new Keycloak session and transaction with the request's realm and client, committed
     * before this returns; again (up to {@link #ATTEMPTS} in all) when it failed on a concurrent change.
     *
     * @throws StillChanging when every try failed so
     */
    public static <T> T run(KeycloakSession session, KeycloakSessionTaskWithResult<T> change) {
        return retried(() -> {
            AtomicReference<T> result = new AtomicReference<>();
            KeycloakModelUtils.runJobInTransaction(session.getKeycloakSessionFactory(), session.getContext(),
                    inner -> result.set(change.run(inner)));
            return result.get();
        }, ATTEMPTS, RetriedTransaction::pause);
    }

    /**
     * The pauses (ms) after an end before each look for what it ended: a refresh that read an offline session before
     * the end can write it back to Keycloak's session cache as it finishes (its table row stays deleted), and the
     * application then goes on refreshing. Tried on Keycloak 26.7.4: 2 of 30 ends with a refresh in flight.
     */
    static final int[] LOOKS_AFTER_END_MILLIS = {50, 150, 400};

    /**
     * Looks again, a moment after an end, for a session that a refresh in flight wrote back, and ends it again:
     * {@code endIfBack} answers whether it found (and ended) one. Returns how many looks found one.
     */
    public static int endAgainIfWrittenBack(KeycloakSession session, KeycloakSessionTaskWithResult<Boolean> endIfBack) {
        int found = 0;
        for (int pause : LOOKS_AFTER_END_MILLIS) {
            sleep(pause);
            if (Boolean.TRUE.equals(run(session, endIfBack))) {
                found++;
                LOG.debugf("A session ended %d ms ago was written back by a refresh in flight, and ended again", pause);
            }
        }
        return found;
    }

    /** The loop apart from Keycloak: another try after a concurrent change, any other failure passed on at once. */
    static <T> T retried(Supplier<T> attempt, int attempts, IntConsumer pauseBeforeTry) {
        for (int tried = 1; ; tried++) {
            try {
                return attempt.get();
            } catch (RuntimeException failure) {
                if (!concurrentChange(failure)) {
                    throw failure;
                }
                if (tried >= attempts) {
                    throw new StillChanging(failure);
                }
                LOG.debugf("Try %d of %d met a concurrent change and was rolled back: %s", tried, attempts, failure);
                pauseBeforeTry.accept(tried + 1);
            }
        }
    }

    private static void pause(int nextTry) {
        sleep(Retry.computeBackoffInterval(BACKOFF_BASE_MILLIS, nextTry - 1));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted between tries", interrupted);
        }
    }

    /**
     * Whether the failure, or anything it was caused by or carries as suppressed (a JTA commit adds its causes so),
     * is the database refusing a write because another transaction changed or locked the same rows: JPA's optimistic
     * or pessimistic lock failures, Hibernate's stale state (named, as the extension does not compile against
     * Hibernate), and the SQL states of a serialization failure (40001) and of PostgreSQL's deadlock (40P01).
     */
    static boolean concurrentChange(Throwable failure) {
        return concurrentChange(failure, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static boolean concurrentChange(Throwable failure, Set<Throwable> seen) {
        if (failure == null || !seen.add(failure)) {
            return false;
        }
        if (failure instanceof OptimisticLockException || failure instanceof PessimisticLockException
                || failure instanceof LockTimeoutException || isHibernateStaleState(failure.getClass())) {
            return true;
        }
        if (failure instanceof SQLException sql
                && ("40001".equals(sql.getSQLState()) || "40P01".equals(sql.getSQLState()))) {
            return true;
        }
        for (Throwable suppressed : failure.getSuppressed()) {
            if (concurrentChange(suppressed, seen)) {
                return true;
            }
        }
        return concurrentChange(failure.getCause(), seen);
    }

    private static boolean isHibernateStaleState(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if ("org.hibernate.StaleStateException".equals(c.getName())) {
                return true;
            }
        }
        return false;
    }
}

package io.github.kcaccountconsole.extension.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.PessimisticLockException;

import org.junit.jupiter.api.Test;
import org.keycloak.models.ModelDuplicateException;
import org.keycloak.models.ModelIllegalStateException;

/** Which failures are tried again, how often, and what is passed on. */
class RetriedTransactionTest {

    /** What Keycloak's JPA layer throws when a refresh changed the client session's row meanwhile. */
    private static RuntimeException lockFailure() {
        return new ModelIllegalStateException("Database operation failed",
                new OptimisticLockException("No rows were returned from JDBC query for versioned entity"));
    }

    @Test
    void aConcurrentChangeIsTriedAgainUntilATrySucceeds() {
        AtomicInteger tries = new AtomicInteger();
        List<Integer> pauses = new ArrayList<>();
        String result = RetriedTransaction.retried(() -> {
            if (tries.incrementAndGet() < 3) {
                throw lockFailure();
            }
            return "ended";
        }, 5, pauses::add);
        assertEquals("ended", result);
        assertEquals(3, tries.get());
        // A pause before each new try, numbered by the try it precedes.
        assertEquals(List.of(2, 3), pauses);
    }

    @Test
    void afterTheLastTryItSaysTheSessionsKeptChanging() {
        AtomicInteger tries = new AtomicInteger();
        RuntimeException last = lockFailure();
        RetriedTransaction.StillChanging thrown = assertThrows(RetriedTransaction.StillChanging.class,
                () -> RetriedTransaction.retried(() -> {
                    tries.incrementAndGet();
                    throw last;
                }, 4, pause -> { }));
        assertEquals(4, tries.get());
        assertSame(last, thrown.getCause());
    }

    @Test
    void anyOtherFailureIsPassedOnAtOnce() {
        AtomicInteger tries = new AtomicInteger();
        IllegalArgumentException bug = new IllegalArgumentException("not a race");
        assertSame(bug, assertThrows(IllegalArgumentException.class, () -> RetriedTransaction.retried(() -> {
            tries.incrementAndGet();
            throw bug;
        }, 5, pause -> { })));
        assertEquals(1, tries.get());
    }

    @Test
    void aSuccessAtTheFirstTryNeverPauses() {
        List<Integer> pauses = new ArrayList<>();
        assertEquals(7, RetriedTransaction.retried(() -> 7, 5, pauses::add));
        assertTrue(pauses.isEmpty());
    }

    @Test
    void theDatabaseRefusingAConcurrentWriteCountsWhereverItIsInTheChain() {
        assertTrue(RetriedTransaction.concurrentChange(lockFailure()));
        assertTrue(RetriedTransaction.concurrentChange(new RuntimeException(new PessimisticLockException("deadlock"))));
        assertTrue(RetriedTransaction.concurrentChange(
                new RuntimeException("commit failed", new SQLException("could not serialize", "40001"))));
        assertTrue(RetriedTransaction.concurrentChange(new SQLException("deadlock detected", "40P01")));
        // A JTA commit reports the cause of its rollback as suppressed.
        RuntimeException rollback = new IllegalStateException("ARJUNA016053: Could not commit transaction");
        rollback.addSuppressed(new OptimisticLockException());
        assertTrue(RetriedTransaction.concurrentChange(rollback));
    }

    @Test
    void otherFailuresDoNotCount() {
        assertFalse(RetriedTransaction.concurrentChange(new ModelDuplicateException("exists")));
        assertFalse(RetriedTransaction.concurrentChange(new ModelIllegalStateException("Database operation failed",
                new SQLException("unique constraint", "23505"))));
        assertFalse(RetriedTransaction.concurrentChange(new IllegalStateException()));
    }

    @Test
    void aCauseChainThatLoopsEnds() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);
        assertFalse(RetriedTransaction.concurrentChange(second));
    }
}

package io.github.kcaccountconsole.extension.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.LongUnaryOperator;

import org.junit.jupiter.api.Test;

/** Which rows of Keycloak's offline session table the page query keeps: those of sessions that have not expired. */
class OfflineSessionIndexTest {

    private static final long DAY = 86_400_000L;
    private static final LongUnaryOperator THIRTY_DAYS_IDLE = time -> time + 30 * DAY;
    private static final LongUnaryOperator NO_LIFESPAN = time -> -1;

    @Test
    void aSessionIdleLongerThanTheRealmAllowsIsLeftOut() {
        long now = 1_700_000_000_500L;
        OfflineSessionIndex.Live live = OfflineSessionIndex.live(now, THIRTY_DAYS_IDLE, NO_LIFESPAN);
        assertEquals(1_697_408_000, live.refreshedAfter());
        assertEquals(Integer.MIN_VALUE, live.createdAfter());
    }

    @Test
    void withAMaximumLifespanASessionStartedTooLongAgoIsLeftOutHoweverRecentlyRefreshed() {
        long now = 1_700_000_000_000L;
        OfflineSessionIndex.Live live = OfflineSessionIndex.live(now, THIRTY_DAYS_IDLE, time -> time + 60_000);
        assertEquals(1_699_999_940, live.createdAfter());
    }

    @Test
    void theBoundsKeepExactlyTheSessionsWhoseExpiryIsAfterNow() {
        LongUnaryOperator idle = time -> time + 7_500;
        LongUnaryOperator lifespan = time -> time + 20_000;
        for (long now = 1_000_000_000L; now < 1_000_002_000L; now += 250) {
            OfflineSessionIndex.Live live = OfflineSessionIndex.live(now, idle, lifespan);
            for (int seconds = 999_970; seconds <= 1_000_010; seconds++) {
                long millis = seconds * 1000L;
                assertEquals(idle.applyAsLong(millis) > now, seconds > live.refreshedAfter(), "idle at " + now);
                assertEquals(lifespan.applyAsLong(millis) > now, seconds > live.createdAfter(), "lifespan at " + now);
            }
        }
    }
}

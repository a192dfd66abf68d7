package io.github.kcaccountconsole.extension.places;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class NewCountriesTest {

    private static final long DAY = 24L * 60 * 60 * 1000;
    private static final long NOW = 1_800_000_000_000L;

    private static NewCountries.Session session(String id, long started, String country) {
        return new NewCountries.Session(id, started, country);
    }

    private static NewCountries.SignIn signIn(long time, String sessionId, String country) {
        return new NewCountries.SignIn(time, sessionId, country);
    }

    @Test
    void aSessionFromACountryNoEarlierSignInCameFromIsAFinding() {
        List<NewCountries.Session> sessions = List.of(session("gb", NOW, "GB"), session("us", NOW - DAY, "US"));
        List<NewCountries.SignIn> signIns = List.of(
                signIn(NOW, "gb", "GB"), // the session's own sign-in does not count as seen before
                signIn(NOW - DAY, "us", "US"),
                signIn(NOW - 30 * DAY, "old", "US"));
        assertEquals(List.of(new NewCountries.Finding("gb", "GB", NOW)), NewCountries.judge(sessions, signIns));
    }

    @Test
    void aCountrySeenWithinTheWindowIsKnownOneSeenBeforeItIsNot() {
        List<NewCountries.Session> sessions = List.of(session("gb", NOW, "GB"));
        assertEquals(List.of(), NewCountries.judge(sessions,
                List.of(signIn(NOW - 89 * DAY, "a", "GB"), signIn(NOW - DAY, "b", "US"))));
        assertEquals(List.of(new NewCountries.Finding("gb", "GB", NOW)), NewCountries.judge(sessions,
                List.of(signIn(NOW - 91 * DAY, "a", "GB"), signIn(NOW - DAY, "b", "US"))));
    }

    @Test
    void nothingIsJudgedWithoutAnEarlierPlacedSignInOrWithoutAPlace() {
        // The first sign-in in the window (nothing to compare with), one from a private address (no country).
        assertEquals(List.of(), NewCountries.judge(List.of(session("gb", NOW, "GB")),
                List.of(signIn(NOW - DAY, "b", null))));
        assertEquals(List.of(), NewCountries.judge(List.of(session("x", NOW, null)),
                List.of(signIn(NOW - DAY, "b", "US"))));
    }
}

package io.github.kcaccountconsole.extension.places;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The security checkup's "sign-in from a new country": a session of the user whose country none of their sign-ins
 * came from in the {@link #WINDOW} before it started. A session with no earlier sign-in to compare with (the first in
 * the window) is not judged; the finding clears when the session ends (the checkup's action signs it out).
 */
public final class NewCountries {

    /** How far back a country counts as known. */
    public static final Duration WINDOW = Duration.ofDays(90);
    /** At most this many sign-ins are read: a user who signs in more often than that has a baseline anyway. */
    static final int MAX_SIGN_INS = 1000;

    private NewCountries() {
    }

    /** One of the user's sessions, with its country where the database places it (else {@code null}). */
    record Session(String id, long started, String country) {
    }

    /** One of the user's stored sign-ins (a LOGIN event), with its session and country. */
    record SignIn(long time, String sessionId, String country) {
    }

    /** A session from a country new to the user. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"sessionId", "country", "started"})
    public record Finding(String sessionId, String country, long started) {
    }

    /** The answer: whether the realm keeps sign-ins (without them nothing can be judged), and the findings. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"eventsEnabled", "sessions"})
    public record Answer(boolean eventsEnabled, List<Finding> sessions) {
    }

    /** The sessions from a country that no other sign-in of the window before each came from. */
    static List<Finding> judge(List<Session> sessions, List<SignIn> signIns) {
        List<Finding> findings = new ArrayList<>();
        for (Session session : sessions) {
            if (session.country() == null) {
                continue;
            }
            long from = session.started() - WINDOW.toMillis();
            List<SignIn> before = signIns.stream()
                    .filter(signIn -> signIn.country() != null && !session.id().equals(signIn.sessionId()))
                    .filter(signIn -> signIn.time() >= from && signIn.time() < session.started())
                    .toList();
            if (!before.isEmpty() && before.stream().noneMatch(signIn -> session.country().equals(signIn.country()))) {
                findings.add(new Finding(session.id(), session.country(), session.started()));
            }
        }
        return findings;
    }
}

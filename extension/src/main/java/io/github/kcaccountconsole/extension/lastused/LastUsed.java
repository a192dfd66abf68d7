package io.github.kcaccountconsole.extension.lastused;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

import io.github.kcaccountconsole.extension.shared.UserStateWrites;

/**
 * When each of a user's sign-in methods was last used (docs/extension.md, "When each sign-in method was last used"):
 * the state, kept as {@link UserStateWrites.Kind} {@link #KIND}, and the write rule (pure: the listener reads and
 * stores).
 */
final class LastUsed {

    /** How many uses are kept: the most recent ones (a credential removed long ago leaves its row until it drops). */
    static final int LIMIT = 50;

    static final long DAY_MILLIS = Duration.ofDays(1).toMillis();

    /**
     * One use: the credential when Keycloak said which one (else {@code null}), its type, and when (epoch
     * milliseconds, the first use of its day in UTC).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Use(@JsonProperty("credentialId") String credentialId, @JsonProperty("type") String type,
            @JsonProperty("time") long time) {

        boolean sameMethod(Use other) {
            return Objects.equals(credentialId, other.credentialId) && Objects.equals(type, other.type);
        }
    }

    /** The remembered uses, newest first. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record State(@JsonProperty("uses") List<Use> uses) {

        State {
            uses = uses == null ? List.of() : List.copyOf(uses);
        }
    }

    static final UserStateWrites.Kind<State> KIND = new UserStateWrites.Kind<>("last-used", State.class,
            () -> new State(List.of()), state -> state.uses().stream()
                    .allMatch(use -> use.type() != null && !use.type().isBlank()));

    private LastUsed() {
    }

    /**
     * The write rule for one sign-in's uses: the state to write, or {@code null} when nothing that matters changed. A
     * method is written when it was never recorded, or last recorded on an earlier day (UTC) than this use; a second use
     * on the same day, or an older use (a single sign-on that brings the time of an earlier sign-in), writes nothing;
     * nor does a use of only a type on a day that one of its credentials is recorded for.
     */
    static State record(State state, List<Use> signIn) {
        List<Use> uses = new ArrayList<>(state.uses());
        boolean changed = false;
        for (Use use : signIn) {
            Use known = uses.stream().filter(use::sameMethod).findFirst().orElse(null);
            // A use of only a type tells nothing new on a day one of that type's credentials is recorded for.
            boolean covered = use.credentialId() == null && uses.stream().anyMatch(
                    other -> other.type().equals(use.type()) && day(other.time()) >= day(use.time()));
            if (!covered && (known == null || day(use.time()) > day(known.time()))) {
                uses.remove(known);
                uses.add(use);
                changed = true;
            }
        }
        if (!changed) {
            return null;
        }
        uses.sort(Comparator.comparingLong(Use::time).reversed());
        List<Use> kept = uses.size() > LIMIT ? uses.subList(0, LIMIT) : uses;
        // A use older than every one kept is trimmed away again: nothing to write.
        return kept.equals(state.uses()) ? null : new State(kept);
    }

    /** {@link #record} as a change under the user's mark; its result says whether it wrote. */
    static UserStateWrites.Change<State, Boolean> change(State state, List<Use> signIn) {
        State next = record(state, signIn);
        return new UserStateWrites.Change<>(next, next != null);
    }

    static long day(long time) {
        return Math.floorDiv(time, DAY_MILLIS);
    }
}

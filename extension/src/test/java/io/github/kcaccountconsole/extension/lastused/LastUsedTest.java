package io.github.kcaccountconsole.extension.lastused;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.keycloak.credential.CredentialModel;

import io.github.kcaccountconsole.extension.shared.MemoryMarks;
import io.github.kcaccountconsole.extension.shared.UserStateWrites;

/** The write rule of last use, one test per row of the table in docs/extension.md, and through the user's mark. */
class LastUsedTest {

    private static final long MORNING = Instant.parse("2026-11-28T08:00:00Z").toEpochMilli();
    private static final long EVENING = Instant.parse("2026-11-28T22:00:00Z").toEpochMilli();
    private static final long NEXT_MORNING = Instant.parse("2026-11-29T07:00:00Z").toEpochMilli();

    private static LastUsed.Use password(long time) {
        return new LastUsed.Use(null, "password", time);
    }

    private static LastUsed.Use otp(String id, long time) {
        return new LastUsed.Use(id, "otp", time);
    }

    private static LastUsed.State state(LastUsed.Use... uses) {
        return new LastUsed.State(List.of(uses));
    }

    @Test
    void theFirstUseOfAMethodIsWritten() {
        LastUsed.State next = LastUsed.record(state(), List.of(password(MORNING)));
        assertEquals(List.of(password(MORNING)), next.uses());
    }

    @Test
    void aSecondUseOnTheSameDayIsNotWritten() {
        assertNull(LastUsed.record(state(password(MORNING)), List.of(password(EVENING))));
        assertNull(LastUsed.record(state(password(MORNING), otp("o1", MORNING)),
                List.of(password(EVENING), otp("o1", EVENING))));
    }

    @Test
    void aUseOnALaterDayIsWrittenWithItsTime() {
        // Less than 24 hours later, but on the next day: the date shown would be wrong without the write.
        LastUsed.State next = LastUsed.record(state(password(EVENING)), List.of(password(NEXT_MORNING)));
        assertEquals(List.of(password(NEXT_MORNING)), next.uses());
    }

    @Test
    void anOlderUseThanTheRecordedOneIsNotWritten() {
        // A single sign-on brings the completion time of the sign-in that opened the session.
        assertNull(LastUsed.record(state(password(NEXT_MORNING)), List.of(password(MORNING))));
    }

    @Test
    void eachCredentialAndEachTypeIsItsOwnMethod() {
        LastUsed.State known = state(otp("o1", MORNING));
        LastUsed.State next = LastUsed.record(known, List.of(otp("o2", EVENING)));
        assertEquals(List.of(otp("o2", EVENING), otp("o1", MORNING)), next.uses());
        LastUsed.State typeOnly = LastUsed.record(known, List.of(otp(null, NEXT_MORNING)));
        assertEquals(List.of(otp(null, NEXT_MORNING), otp("o1", MORNING)), typeOnly.uses());
    }

    @Test
    void aUseOfOnlyATypeIsNotWrittenOnADayOneOfItsCredentialsIsRecordedFor() {
        assertNull(LastUsed.record(state(otp("o1", MORNING)), List.of(otp(null, EVENING))));
        LastUsed.State nextDay = LastUsed.record(state(otp("o1", MORNING)), List.of(otp(null, NEXT_MORNING)));
        assertEquals(List.of(otp(null, NEXT_MORNING), otp("o1", MORNING)), nextDay.uses());
    }

    @Test
    void aSignInWithOneNewMethodWritesAllItsUsesOnce() {
        LastUsed.State next = LastUsed.record(state(password(MORNING)), List.of(password(EVENING), otp("o1", EVENING)));
        assertEquals(List.of(otp("o1", EVENING), password(MORNING)), next.uses());
    }

    @Test
    void onlyTheMostRecentUsesAreKept() {
        List<LastUsed.Use> many = new ArrayList<>();
        for (int i = 0; i < LastUsed.LIMIT; i++) {
            many.add(otp("o" + i, MORNING - i * LastUsed.DAY_MILLIS));
        }
        LastUsed.State next = LastUsed.record(new LastUsed.State(many), List.of(password(EVENING)));
        assertEquals(LastUsed.LIMIT, next.uses().size());
        assertEquals(password(EVENING), next.uses().get(0));
        assertTrue(next.uses().stream().noneMatch(use -> ("o" + (LastUsed.LIMIT - 1)).equals(use.credentialId())));
    }

    @Test
    void aUseOlderThanEveryOneKeptWritesNothing() {
        List<LastUsed.Use> many = new ArrayList<>();
        for (int i = 0; i < LastUsed.LIMIT; i++) {
            many.add(otp("o" + i, MORNING - i * LastUsed.DAY_MILLIS));
        }
        long older = MORNING - (LastUsed.LIMIT + 5) * LastUsed.DAY_MILLIS;
        assertNull(LastUsed.record(new LastUsed.State(many), List.of(password(older))));
    }

    /** A day of sign-ins through the user's mark: one write for the first, none for the rest. */
    @Test
    void manySignInsOnOneDayCostOneWrite() throws InterruptedException {
        Recorder recorder = new Recorder(new LastUsed.State(List.of()), false);
        for (int i = 0; i < 100; i++) {
            assertEquals(Optional.of(i == 0), recorder.signIn(password(MORNING + i * 60_000L)));
        }
        assertEquals(1, recorder.writes);
        assertTrue(recorder.marks.taken.isEmpty());
    }

    @Test
    void usesStillInAnOldCredentialAreMovedByTheFirstSignInAndThenCostNothing() throws InterruptedException {
        LastUsed.State old = state(password(MORNING));
        Recorder recorder = new Recorder(old, true);
        assertEquals(Optional.of(false), recorder.signIn(password(MORNING + 60_000L)));
        assertEquals(1, recorder.writes, "moved although the use changed nothing");
        assertEquals(old, recorder.stored);
        assertEquals(Optional.of(false), recorder.signIn(password(MORNING + 120_000L)));
        assertEquals(1, recorder.writes);
    }

    /** One user's last uses in memory, written through {@link UserStateWrites} with an in-memory single-use store. */
    private static final class Recorder {
        final MemoryMarks marks = new MemoryMarks();
        LastUsed.State stored;
        boolean inCredential;
        int writes;

        Recorder(LastUsed.State stored, boolean inCredential) {
            this.stored = stored;
            this.inCredential = inCredential;
        }

        Optional<Boolean> signIn(LastUsed.Use... uses) throws InterruptedException {
            UserStateWrites.Transactions<LastUsed.State> store = new UserStateWrites.Transactions<>() {
                @Override
                public <R> R run(Function<UserStateWrites.Store<LastUsed.State>, R> work) {
                    return work.apply(new UserStateWrites.Store<>() {
                        @Override
                        public UserStateWrites.Stored<LastUsed.State> read() {
                            return new UserStateWrites.Stored<>(stored, inCredential);
                        }

                        @Override
                        public void write(LastUsed.State next) {
                            writes++;
                            stored = next;
                            inCredential = false;
                        }
                    });
                }
            };
            return UserStateWrites.apply(marks, store, LastUsed.KIND.mark("user-1"),
                    state -> LastUsed.change(state, List.of(uses)), new long[] {});
        }
    }

    private static CredentialModel credential(String id, String type) {
        CredentialModel credential = new CredentialModel();
        credential.setId(id);
        credential.setType(type);
        return credential;
    }

    @Test
    void theEventNamesTheCredentialOnlyAmongTheUsersOwnOfThatType() {
        List<CredentialModel> credentials = List.of(credential("p", "password"), credential("o1", "otp"),
                credential("o2", "otp"), credential("w1", "webauthn"));
        Function<CredentialModel, String> publicKeyIds = credential -> "w1".equals(credential.getId()) ? "pk-1" : null;
        assertEquals("o2", LastUsedCredentials.named(credentials, "otp", "o2", null, publicKeyIds));
        assertNull(LastUsedCredentials.named(credentials, "otp", "someone-elses", null, publicKeyIds));
        assertNull(LastUsedCredentials.named(credentials, "otp", null, null, publicKeyIds));
        assertNull(LastUsedCredentials.named(credentials, "password", "p", null, publicKeyIds));
        assertEquals("w1", LastUsedCredentials.named(credentials, "webauthn", null, "pk-1", publicKeyIds));
        assertNull(LastUsedCredentials.named(credentials, "webauthn", "w1", "pk-2", publicKeyIds));
    }

    @Test
    void aRowIsReadBackAsWrittenAndOneThatCannotBeReadCountsAsNone() throws Exception {
        LastUsed.State written = state(password(MORNING), otp("o1", EVENING));
        assertEquals(written, LastUsed.KIND.parse(org.keycloak.util.JsonSerialization.writeValueAsString(written)));
        assertEquals(List.of(), LastUsed.KIND.parse(null).uses());
        assertEquals(List.of(), LastUsed.KIND.parse("{\"uses\": 3}").uses());
        assertEquals(List.of(), LastUsed.KIND.parse("{\"uses\":[{\"time\":1}]}").uses());
    }

    @Test
    void aStoredStateWithoutTypesCountsAsNone() {
        assertTrue(LastUsed.KIND.usable().test(state(password(MORNING))));
        assertNotNull(LastUsed.KIND.fresh().get());
        assertTrue(!LastUsed.KIND.usable().test(state(new LastUsed.Use("x", null, MORNING))));
    }
}

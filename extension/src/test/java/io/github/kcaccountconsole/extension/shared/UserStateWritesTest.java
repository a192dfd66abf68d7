package io.github.kcaccountconsole.extension.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import io.github.kcaccountconsole.extension.signinalerts.DeviceKey;
import io.github.kcaccountconsole.extension.signinalerts.KnownDevices;
import io.github.kcaccountconsole.extension.signinalerts.SignInAlertListener;
import io.github.kcaccountconsole.extension.signinalerts.SignInAlertState;

/**
 * The write rule and the user's mark, on an in-memory store and single-use store. The store's read waits (up to a
 * bound) until a second read has begun: two writers that do not exclude each other both read the same state before
 * either writes, so the test fails for sure when the mark does not hold them apart.
 */
class UserStateWritesTest {

    private static final long[] NO_WAITS = {};
    private static final long[] SHORT_WAITS = {5, 10, 20, 40, 80, 160, 320, 640, 1280};

    /** One user's stored state; every run is a transaction that has committed when it returns. */
    private static final class Store implements UserStateWrites.Transactions<SignInAlertState> {
        volatile SignInAlertState state;
        /** Whether the state still sits in an old credential of the user (the extension's state before its table). */
        volatile boolean inCredential;
        final AtomicInteger reads = new AtomicInteger();
        final AtomicInteger writes = new AtomicInteger();
        /** Counted down by each read; a read waits for the other one, a bounded time. */
        final CountDownLatch bothReading = new CountDownLatch(2);

        Store(SignInAlertState state) {
            this.state = state;
        }

        @Override
        public <R> R run(Function<UserStateWrites.Store<SignInAlertState>, R> work) {
            return work.apply(new UserStateWrites.Store<>() {
                @Override
                public UserStateWrites.Stored<SignInAlertState> read() {
                    reads.incrementAndGet();
                    SignInAlertState seen = state;
                    bothReading.countDown();
                    try {
                        bothReading.await(300, TimeUnit.MILLISECONDS);
                    } catch (InterruptedException stopped) {
                        Thread.currentThread().interrupt();
                    }
                    return new UserStateWrites.Stored<>(seen, inCredential);
                }

                @Override
                public void write(SignInAlertState next) {
                    writes.incrementAndGet();
                    state = next;
                    inCredential = false;
                }
            });
        }
    }

    private static final long NOW = 1_800_000_000_000L;
    private static final String WINDOWS = DeviceKey.of("Firefox", "Windows", "192.0.2.0/24");
    private static final String MAC = DeviceKey.of("Safari", "Mac OS X", "198.51.100.0/24");
    private static final String LINUX = DeviceKey.of("Chrome", "Linux", "203.0.113.0/24");

    private static SignInAlertState knowing(String... deviceKeys) {
        SignInAlertState state = SignInAlertState.fresh();
        List<KnownDevices.Device> devices = java.util.Arrays.stream(deviceKeys)
                .map(key -> new KnownDevices.Device(DeviceKey.hash(state.salt(), key), NOW - 1000)).toList();
        return state.withDevices(devices);
    }

    private static boolean remembers(SignInAlertState state, String deviceKey) {
        String hash = DeviceKey.hash(state.salt(), deviceKey);
        return state.devices().stream().anyMatch(device -> device.key().equals(hash));
    }

    private static Optional<KnownDevices.Verdict> signIn(MemoryMarks marks, Store store, String deviceKey, long[] waits)
            throws InterruptedException {
        return UserStateWrites.apply(marks, store, SignInAlertState.KIND.mark("user-1"),
                state -> SignInAlertListener.remember(state, deviceKey, NOW), waits);
    }

    /** Two sign-ins on two threads, let go at the same moment; their verdicts, in the order of `deviceKeys`. */
    private static List<KnownDevices.Verdict> atTheSameMoment(MemoryMarks marks, Store store, String... deviceKeys)
            throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(deviceKeys.length);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Optional<KnownDevices.Verdict>>> signIns = new ArrayList<>();
            for (String deviceKey : deviceKeys) {
                signIns.add(threads.submit(() -> {
                    start.await();
                    return signIn(marks, store, deviceKey, SHORT_WAITS);
                }));
            }
            start.countDown();
            List<KnownDevices.Verdict> verdicts = new ArrayList<>();
            for (Future<Optional<KnownDevices.Verdict>> signIn : signIns) {
                verdicts.add(signIn.get(10, TimeUnit.SECONDS).orElseThrow());
            }
            return verdicts;
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void twoSignInsAtTheSameMomentFromTwoNewDevicesLoseNeither() throws Exception {
        MemoryMarks marks = new MemoryMarks();
        Store store = new Store(knowing(LINUX));
        assertEquals(List.of(KnownDevices.Verdict.NEW, KnownDevices.Verdict.NEW),
                atTheSameMoment(marks, store, WINDOWS, MAC));
        assertTrue(remembers(store.state, WINDOWS), "the Windows device is remembered");
        assertTrue(remembers(store.state, MAC), "the Mac is remembered");
        assertTrue(remembers(store.state, LINUX), "the device known before is remembered");
        assertEquals(2, store.writes.get());
        assertTrue(marks.taken.isEmpty(), "the mark is gone");
    }

    @Test
    void twoSignInsAtTheSameMomentFromTheSameNewDeviceMailOnceAndWriteOnce() throws Exception {
        Store store = new Store(knowing(LINUX));
        List<KnownDevices.Verdict> verdicts = atTheSameMoment(new MemoryMarks(), store, WINDOWS, WINDOWS);
        verdicts.sort(null);
        assertEquals(List.of(KnownDevices.Verdict.KNOWN, KnownDevices.Verdict.NEW), verdicts);
        assertEquals(1, store.writes.get());
    }

    @Test
    void aKnownDeviceSeenTodayIsNotWritten() throws InterruptedException {
        Store store = new Store(knowing(WINDOWS));
        assertEquals(Optional.of(KnownDevices.Verdict.KNOWN), signIn(new MemoryMarks(), store, WINDOWS, NO_WAITS));
        assertEquals(0, store.writes.get());
    }

    @Test
    void nothingIsWrittenForAUserWhoTurnedAlertsOffWhateverTheDevice() throws InterruptedException {
        for (SignInAlertState state : List.of(SignInAlertState.fresh(), knowing(LINUX))) {
            Store store = new Store(state.withAlerts(false));
            UserStateWrites.Change<SignInAlertState, KnownDevices.Verdict> change = SignInAlertListener.remember(store.state, MAC, NOW);
            assertNull(change.next());
            assertNull(change.result());
            assertEquals(Optional.empty(), signIn(new MemoryMarks(), store, MAC, NO_WAITS));
            assertEquals(0, store.writes.get());
        }
    }

    @Test
    void aFirstSignInAndANewDeviceAreWritten() throws InterruptedException {
        Store first = new Store(SignInAlertState.fresh());
        assertEquals(Optional.of(KnownDevices.Verdict.FIRST_EVER), signIn(new MemoryMarks(), first, MAC, NO_WAITS));
        assertTrue(remembers(first.state, MAC));
        Store known = new Store(knowing(LINUX));
        assertEquals(Optional.of(KnownDevices.Verdict.NEW), signIn(new MemoryMarks(), known, MAC, NO_WAITS));
        assertEquals(1, known.writes.get());
    }

    @Test
    void aStateStillInAnOldCredentialIsMovedOnceAndThenCostsNothing() throws InterruptedException {
        for (SignInAlertState old : List.of(knowing(WINDOWS), knowing(WINDOWS).withAlerts(false))) {
            Store store = new Store(old);
            store.inCredential = true;
            MemoryMarks marks = new MemoryMarks();
            signIn(marks, store, WINDOWS, NO_WAITS);
            assertEquals(1, store.writes.get(), "the state is moved although the sign-in changed nothing");
            assertEquals(false, store.inCredential);
            assertEquals(old, store.state, "the moved state is the old one: salt, choice and devices");
            signIn(marks, store, WINDOWS, NO_WAITS);
            assertEquals(1, store.writes.get(), "a repeat sign-in writes nothing");
        }
    }

    @Test
    void aMarkThatStaysTakenGivesUpWithoutReadingOrWriting() throws InterruptedException {
        MemoryMarks marks = new MemoryMarks();
        marks.putIfAbsent("account-console-sign-in-alerts:writing:user-1", 10);
        Store store = new Store(knowing(LINUX));
        assertEquals(Optional.empty(), signIn(marks, store, MAC, new long[] {1, 1}));
        assertEquals(0, store.reads.get());
        assertEquals(1, marks.taken.size(), "another writer's mark is left alone");
    }

    @Test
    void theMarkIsRemovedWhenTheChangeFails() {
        MemoryMarks marks = new MemoryMarks();
        Store store = new Store(knowing(LINUX));
        assertThrows(IllegalStateException.class, () -> UserStateWrites.apply(marks, store, "mark-1", state -> {
            throw new IllegalStateException("the database is gone");
        }, NO_WAITS));
        assertTrue(marks.taken.isEmpty());
    }
}

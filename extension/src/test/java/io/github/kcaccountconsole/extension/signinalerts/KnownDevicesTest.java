package io.github.kcaccountconsole.extension.signinalerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class KnownDevicesTest {

    private static final long DAY = KnownDevices.REFRESH_MILLIS;

    private static KnownDevices.Device device(String key, long seen) {
        return new KnownDevices.Device(key, seen);
    }

    @Test
    void theFirstSignInEverSendsNothingAndIsRemembered() {
        KnownDevices.Outcome outcome = KnownDevices.see(List.of(), "a", 10);
        assertEquals(KnownDevices.Verdict.FIRST_EVER, outcome.verdict());
        assertEquals(List.of(device("a", 10)), outcome.devices());
    }

    @Test
    void aKnownDeviceLastSeenMoreThanADayAgoMovesToTheFrontWithItsNewTime() {
        KnownDevices.Outcome outcome = KnownDevices.see(List.of(device("b", 5), device("a", 3)), "a", 3 + DAY + 1);
        assertEquals(KnownDevices.Verdict.KNOWN, outcome.verdict());
        assertTrue(outcome.changed());
        assertEquals(List.of(device("a", 3 + DAY + 1), device("b", 5)), outcome.devices());
    }

    @Test
    void aNewDeviceIsNewAndTheLeastRecentlyUsedIsForgottenBeyondTheLimit() {
        List<KnownDevices.Device> full = new ArrayList<>();
        for (int i = 0; i < KnownDevices.LIMIT; i++) {
            full.add(device("d" + i, 100 - i));
        }
        KnownDevices.Outcome outcome = KnownDevices.see(full, "new", 200);
        assertEquals(KnownDevices.Verdict.NEW, outcome.verdict());
        assertEquals(KnownDevices.LIMIT, outcome.devices().size());
        assertEquals(device("new", 200), outcome.devices().get(0));
        assertEquals(device("d18", 82), outcome.devices().get(KnownDevices.LIMIT - 1));
    }

    @Test
    void aKnownDeviceSeenADayAgoOrLessChangesNothingWorthAWrite() {
        List<KnownDevices.Device> remembered = List.of(device("b", 5), device("a", 3));
        KnownDevices.Outcome outcome = KnownDevices.see(remembered, "a", 3 + DAY);
        assertEquals(KnownDevices.Verdict.KNOWN, outcome.verdict());
        assertFalse(outcome.changed());
        assertEquals(remembered, outcome.devices());
    }

    @Test
    void aNewDeviceAndTheFirstEverAreAlwaysWritten() {
        assertTrue(KnownDevices.see(List.of(), "a", 10).changed());
        assertTrue(KnownDevices.see(List.of(device("a", 10)), "b", 11).changed());
    }
}

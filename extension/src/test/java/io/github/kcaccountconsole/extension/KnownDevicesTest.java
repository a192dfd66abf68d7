package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class KnownDevicesTest {

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
    void aKnownDeviceMovesToTheFrontWithItsNewTime() {
        KnownDevices.Outcome outcome = KnownDevices.see(List.of(device("b", 5), device("a", 3)), "a", 10);
        assertEquals(KnownDevices.Verdict.KNOWN, outcome.verdict());
        assertEquals(List.of(device("a", 10), device("b", 5)), outcome.devices());
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
}

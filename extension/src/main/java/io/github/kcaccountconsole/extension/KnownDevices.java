package io.github.kcaccountconsole.extension;

import java.util.ArrayList;
import java.util.List;

/** The sign-in alert rule over a user's remembered devices (pure: the listener stores and mails). */
final class KnownDevices {

    /** How many devices are remembered per user: the most recently used ones. */
    static final int LIMIT = 20;

    /** A remembered device: the hash of its key and when it last signed in (epoch milliseconds). */
    record Device(String key, long lastSeen) {
    }

    enum Verdict {
        /** Nothing was remembered: the user's first sign-in since alerts were on. No mail. */
        FIRST_EVER,
        /** This device signed in before. No mail. */
        KNOWN,
        /** A device not in the list while others are: mail (if the user wants it and the hour allows). */
        NEW
    }

    record Outcome(Verdict verdict, List<Device> devices) {
    }

    private KnownDevices() {
    }

    /** The verdict for a sign-in of the device {@code key} at {@code now}, and the list to remember afterwards. */
    static Outcome see(List<Device> remembered, String key, long now) {
        List<Device> devices = new ArrayList<>();
        devices.add(new Device(key, now));
        boolean known = false;
        for (Device device : remembered) {
            if (device.key().equals(key)) {
                known = true;
            } else if (devices.size() < LIMIT) {
                devices.add(device);
            }
        }
        Verdict verdict = remembered.isEmpty() ? Verdict.FIRST_EVER : known ? Verdict.KNOWN : Verdict.NEW;
        return new Outcome(verdict, List.copyOf(devices));
    }
}

package io.github.kcaccountconsole.extension.signinalerts;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The sign-in alert rule over a user's remembered devices (pure: the listener stores and mails). */
public final class KnownDevices {

    /** How many devices are remembered per user: the most recently used ones. */
    static final int LIMIT = 20;

    /**
     * A known device's time is written again only when it is older than this: a device used every day costs at most
     * one write a day, and the order of the list (which the {@link #LIMIT} cuts) stays right to within a day.
     */
    static final long REFRESH_MILLIS = Duration.ofDays(1).toMillis();

    /** A remembered device: the hash of its key and when it last signed in (epoch milliseconds). */
    public record Device(String key, long lastSeen) {
    }

    public enum Verdict {
        /** Nothing was remembered: the user's first sign-in since alerts were on. No mail. */
        FIRST_EVER,
        /** This device signed in before. No mail. */
        KNOWN,
        /** A device not in the list while others are: mail (if the user wants it and the hour allows). */
        NEW
    }

    /**
     * The verdict, the list to remember afterwards, and whether that list is worth a write: a new device, the first
     * one ever, or a known device last seen more than {@link #REFRESH_MILLIS} ago. Otherwise {@code devices} is the
     * remembered list as it was.
     */
    record Outcome(Verdict verdict, List<Device> devices, boolean changed) {
    }

    private KnownDevices() {
    }

    /** The verdict for a sign-in of the device {@code key} at {@code now}, and the list to remember afterwards. */
    static Outcome see(List<Device> remembered, String key, long now) {
        List<Device> devices = new ArrayList<>();
        devices.add(new Device(key, now));
        Device known = null;
        for (Device device : remembered) {
            if (device.key().equals(key)) {
                known = device;
            } else if (devices.size() < LIMIT) {
                devices.add(device);
            }
        }
        if (known != null) {
            boolean stale = now - known.lastSeen() > REFRESH_MILLIS;
            return new Outcome(Verdict.KNOWN, stale ? List.copyOf(devices) : List.copyOf(remembered), stale);
        }
        Verdict verdict = remembered.isEmpty() ? Verdict.FIRST_EVER : Verdict.NEW;
        return new Outcome(verdict, List.copyOf(devices), true);
    }
}

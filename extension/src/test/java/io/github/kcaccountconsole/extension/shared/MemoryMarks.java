package io.github.kcaccountconsole.extension.shared;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Keycloak's single-use store as far as the writes use it, in memory: an atomic putIfAbsent and a remove. */
public final class MemoryMarks implements UserStateWrites.Marks {

    public final Map<String, Long> taken = new ConcurrentHashMap<>();

    @Override
    public boolean putIfAbsent(String key, long seconds) {
        return taken.putIfAbsent(key, seconds) == null;
    }

    @Override
    public void remove(String key) {
        taken.remove(key);
    }
}

package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.keycloak.Config;

class FeaturesTest {

    private static final Set<String> KNOWN = Set.of(Features.ACCOUNT_ACTIVITY_OPTION, Features.DEFAULT_SECOND_FACTOR_OPTION);
    private static final String PREFIX = "kc.spi-realm-restapi-extension-account-console-extension-";

    /**
     * A provider's scope as Keycloak hands it over: values by option name, and the full property names it lists. Its
     * getBoolean reads as Keycloak's configuration does (true, 1, yes, y, on are true; anything else false).
     */
    private record Scope(Map<String, String> values) implements Config.Scope {

        @Override
        public String get(String key) {
            return values.get(key);
        }

        @Override
        public String get(String key, String defaultValue) {
            return values.getOrDefault(key, defaultValue);
        }

        @Override
        public Boolean getBoolean(String key) {
            return getBoolean(key, null);
        }

        @Override
        public Boolean getBoolean(String key, Boolean defaultValue) {
            String value = values.get(key);
            return value == null ? defaultValue : List.of("true", "1", "yes", "y", "on").contains(value.trim().toLowerCase());
        }

        @Override
        public Set<String> getPropertyNames() {
            return values.keySet().stream().map(name -> PREFIX + name).collect(Collectors.toSet());
        }

        @Override
        public String[] getArray(String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Integer getInt(String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Integer getInt(String key, Integer defaultValue) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Long getLong(String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Long getLong(String key, Long defaultValue) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Config.Scope scope(String... scope) {
            throw new UnsupportedOperationException();
        }
    }

    private static Features.Reading read(Map<String, String> options) {
        return Features.read(new Scope(options), KNOWN);
    }

    @Test
    void everyFeatureIsOnWhenNothingIsSet() {
        assertEquals(new Features.Reading(new Features(true, true), List.of()), read(Map.of()));
    }

    @Test
    void falseTurnsEachFeatureOffOnItsOwnAndTrueKeepsItOn() {
        assertEquals(new Features.Reading(new Features(false, true), List.of()),
                read(Map.of("account-activity-enabled", "false")));
        assertEquals(new Features.Reading(new Features(true, false), List.of()),
                read(Map.of("default-second-factor-enabled", " FALSE ", "account-activity-enabled", "True")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "off", "no", "flase", "1", "on", "yes", "enabled"})
    void aValueThatIsNotTrueOrFalseTurnsTheFeatureOffWithAnError(String value) {
        Features.Reading reading = read(Map.of("account-activity-enabled", value));
        assertEquals(new Features(false, true), reading.features());
        assertEquals(1, reading.errors().size());
        assertTrue(reading.errors().get(0).contains("account-activity-enabled") && reading.errors().get(0).contains(value),
                reading.errors().get(0));
    }

    @Test
    void aMisspeltOptionNameTurnsOffEveryFeatureNotSetToTrueWithAnError() {
        Features.Reading reading = read(Map.of("acount-activity-enabled", "false"));
        assertEquals(new Features(false, false), reading.features());
        assertEquals(1, reading.errors().size());
        assertTrue(reading.errors().get(0).contains("acount-activity-enabled"), reading.errors().get(0));

        assertEquals(new Features(false, true),
                read(Map.of("default-second-facter-enabled", "false", "default-second-factor-enabled", "true"))
                        .features());
    }

    @Test
    void keycloaksOwnEnabledOptionIsNoUnknownName() {
        assertEquals(new Features.Reading(new Features(true, true), List.of()), read(Map.of("enabled", "true")));
    }

    @Test
    void namesAreFoundInEveryListedSpelling() {
        assertEquals(Set.of("acount-activity-enabled"), Features.unknownOptions(Set.of(
                "kc.spi--realm-restapi-extension--account-console-extension--acount-activity-enabled",
                "kc.spi-realm-restapi-extension-account-console-extension-account-activity-enabled",
                "kc.spi-realm-restapi-extension-account-console-extension-enabled"), KNOWN));
    }
}

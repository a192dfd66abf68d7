package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
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
    private static final List<String> TRUE = List.of("true", "1", "yes", "y", "on");

    /**
     * A provider's scope as Keycloak hands it over: values by option name, and the full property names it lists. Its
     * getBoolean reads as Keycloak's configuration does (true, 1, yes, y, on are true; anything else false). What
     * Features does not read (numbers, arrays, sub-scopes) throws.
     */
    private static Config.Scope scope(Map<String, String> values) {
        InvocationHandler handler = (proxy, method, args) -> {
            String key = args == null ? null : (String) args[0];
            Object fallback = args != null && args.length > 1 ? args[1] : null;
            switch (method.getName()) {
                case "get":
                    return values.getOrDefault(key, (String) fallback);
                case "getBoolean":
                    String value = values.get(key);
                    return value == null ? fallback : TRUE.contains(value.trim().toLowerCase());
                case "getPropertyNames":
                    return values.keySet().stream().map(name -> PREFIX + name).collect(Collectors.toSet());
                default:
                    throw new UnsupportedOperationException(method.getName());
            }
        };
        return (Config.Scope) Proxy.newProxyInstance(Config.Scope.class.getClassLoader(),
                new Class<?>[] {Config.Scope.class}, handler);
    }

    private static Features.Reading read(Map<String, String> options) {
        return Features.read(scope(options), KNOWN);
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
        // Keycloak 26.0 lists an option set in the environment by the variable's name.
        assertEquals(Set.of("places-databse"), Features.unknownOptions(Set.of(
                "KC_SPI_REALM_RESTAPI_EXTENSION_ACCOUNT_CONSOLE_EXTENSION_ACCOUNT_ACTIVITY_ENABLED",
                "KC_SPI_REALM_RESTAPI_EXTENSION_ACCOUNT_CONSOLE_EXTENSION_PLACES_DATABSE"), KNOWN));
    }
}

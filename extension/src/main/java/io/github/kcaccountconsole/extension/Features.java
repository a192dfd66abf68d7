package io.github.kcaccountconsole.extension;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.keycloak.Config;

/**
 * Which parts of the extension the server's admin left on. Each is on unless its option says {@code false}:
 * {@code --spi-realm-restapi-extension--account-console-extension--account-activity-enabled=false} and
 * {@code ...--default-second-factor-enabled=false} (see docs/extension.md for the other spellings).
 *
 * <p>A switch that cannot be read fails closed, and says so in the log: a value that is not {@code true} or
 * {@code false} ({@code off}, {@code 0}, {@code flase}) turns its feature off, and an option name of this provider that
 * the extension does not know (a misspelt one) turns off every feature not set to {@code true} explicitly, since it may
 * have been meant for any of them.
 */
public record Features(boolean accountActivity, boolean defaultSecondFactor) {

    /** The id of the provider whose options these are. */
    public static final String PROVIDER_ID = "account-console-extension";
    public static final String ACCOUNT_ACTIVITY_OPTION = "account-activity-enabled";
    public static final String DEFAULT_SECOND_FACTOR_OPTION = "default-second-factor-enabled";
    /** Keycloak's own option of every provider (read by Keycloak at build time, never by the extension). */
    static final String PROVIDER_ENABLED_OPTION = "enabled";

    public static final Features ALL = new Features(true, true);

    /** The features, and one sentence for the log per problem with the options (none when all is well). */
    public record Reading(Features features, List<String> errors) {
    }

    private enum Setting { UNSET, ON, OFF }

    /**
     * Reads the options of this provider's scope.
     *
     * @param knownOptions the option names the provider declares (its configuration metadata); with Keycloak's own
     *                     {@code enabled}, any other name set in the scope is an unknown one
     */
    public static Reading read(Config.Scope config, Set<String> knownOptions) {
        List<String> errors = new ArrayList<>();
        Setting activity = setting(config, ACCOUNT_ACTIVITY_OPTION, errors);
        Setting defaultSecondFactor = setting(config, DEFAULT_SECOND_FACTOR_OPTION, errors);
        Set<String> unknown = unknownOptions(config.getPropertyNames(), knownOptions);
        boolean doubtful = !unknown.isEmpty();
        if (doubtful) {
            errors.add("Unknown option" + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown) + " of "
                    + PROVIDER_ID + " (it knows " + String.join(", ", new TreeSet<>(knownOptions))
                    + "): every feature not set to true is off until the name is corrected.");
        }
        return new Reading(new Features(on(activity, doubtful), on(defaultSecondFactor, doubtful)), List.copyOf(errors));
    }

    private static boolean on(Setting setting, boolean doubtful) {
        return setting == Setting.ON || setting == Setting.UNSET && !doubtful;
    }

    /**
     * One option: unset, or a boolean as Keycloak reads it ({@link Config.Scope#getBoolean}). Keycloak's reading takes
     * anything it does not know as true or as false; only the two words are accepted here, anything else is an error.
     */
    private static Setting setting(Config.Scope config, String name, List<String> errors) {
        String raw = config.get(name);
        if (raw == null || raw.isBlank()) {
            return Setting.UNSET;
        }
        String word = raw.trim().toLowerCase(Locale.ROOT);
        if (!word.equals("true") && !word.equals("false")) {
            errors.add("The option " + name + " of " + PROVIDER_ID + " is '" + raw
                    + "', not true or false: the feature is off until the value is corrected.");
            return Setting.OFF;
        }
        return Boolean.TRUE.equals(config.getBoolean(name, Boolean.TRUE)) ? Setting.ON : Setting.OFF;
    }

    /**
     * The names set in this provider's scope that it does not know. Keycloak lists them in full
     * ({@code kc.spi-realm-restapi-extension-account-console-extension-<option>}, or with {@code --} between the parts
     * from 26.2 on; 26.0 lists an option set in the environment by the variable's name,
     * {@code KC_SPI_REALM_RESTAPI_EXTENSION_ACCOUNT_CONSOLE_EXTENSION_<OPTION>}); the part after the provider's id is
     * the option's name.
     */
    static Set<String> unknownOptions(Set<String> propertyNames, Set<String> knownOptions) {
        Set<String> unknown = new TreeSet<>();
        for (String listed : propertyNames == null ? Set.<String>of() : propertyNames) {
            String property = listed.toLowerCase(Locale.ROOT).replace('_', '-');
            int at = property.lastIndexOf(PROVIDER_ID);
            String name = (at < 0 ? property : property.substring(at + PROVIDER_ID.length()))
                    .replaceFirst("^[-.]+", "");
            if (!name.isEmpty() && !knownOptions.contains(name) && !name.equals(PROVIDER_ENABLED_OPTION)) {
                unknown.add(name);
            }
        }
        return unknown;
    }
}

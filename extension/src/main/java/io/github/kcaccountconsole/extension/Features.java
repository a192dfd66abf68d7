package io.github.kcaccountconsole.extension;

import java.util.function.Function;

/**
 * Which parts of the extension the server's admin left on. Each is on unless its option is {@code false}:
 * {@code --spi-realm-restapi-extension--account-console-extension--account-activity-enabled=false} and
 * {@code ...--default-second-factor-enabled=false} (see docs/extension.md for the other spellings).
 */
public record Features(boolean accountActivity, boolean defaultSecondFactor) {

    public static final String ACCOUNT_ACTIVITY_OPTION = "account-activity-enabled";
    public static final String DEFAULT_SECOND_FACTOR_OPTION = "default-second-factor-enabled";

    public static final Features ALL = new Features(true, true);

    /**
     * Reads the options through a lookup that answers the raw option value, or null when it is not set.
     * Only a value that reads as "false" (any case, surrounding blanks ignored) turns a feature off, so a typo
     * leaves the feature as it was by default rather than silently disabling it.
     */
    public static Features from(Function<String, String> option) {
        return new Features(enabled(option.apply(ACCOUNT_ACTIVITY_OPTION)),
                enabled(option.apply(DEFAULT_SECOND_FACTOR_OPTION)));
    }

    static boolean enabled(String value) {
        return value == null || !value.trim().equalsIgnoreCase("false");
    }
}

package io.github.kcaccountconsole.extension.apppasswords;

import java.security.SecureRandom;
import java.text.Normalizer;
import java.time.Duration;
import java.util.Collection;
import java.util.Locale;

import org.keycloak.Config;
import org.keycloak.models.Constants;

/**
 * The rules of app passwords (pure: {@link AppPasswordStore} keeps them in Keycloak, {@link AppPasswordAuthenticator}
 * checks them). An app password is a secret the server makes for one program of one user; docs/extension.md, "App
 * passwords".
 */
public final class AppPasswords {

    /** The credential type. It has no credential provider, so the Account API lists no credential of it. */
    public static final String CREDENTIAL_TYPE = "account-console-app-password";

    /** The letters of a secret: lower case only, so that a person can read one out and type it. */
    static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz";
    /** 28 letters of 26: 28 * log2(26) = 131.6 bits, more than 128. */
    static final int LETTERS = 28;
    /**
     * Letters of a secret kept beside its hash to pick the one app password a sign-in may be: 4 of 28 letters
     * (about 18.8 of its 131.6 bits), which leaves about 112.8 bits to guess.
     */
    static final int HINT_LETTERS = 4;
    /** Shown in groups of four, joined by hyphens: {@code abcd-efgh-…}, 34 characters. */
    static final int GROUP = 4;

    static final int MAX_NAME_LENGTH = 64;
    public static final int DEFAULT_LIMIT = 20;
    /** The highest limit an admin may set: each sign-in with an app password checks up to this many hashes. */
    public static final int MAX_LIMIT = 100;
    /** An expiry must lie within this span from now. */
    static final long MAX_LIFETIME_MILLIS = Duration.ofDays(3653).toMillis();
    /** Last used is written again only when it is older than this (at most one write per app password and day). */
    static final long LAST_USED_REFRESH_MILLIS = Duration.ofDays(1).toMillis();

    /** The server option for the limit per user. */
    public static final String LIMIT_OPTION = "app-passwords-limit";

    private static final SecureRandom RANDOM = new SecureRandom();

    private AppPasswords() {
    }

    /** The bits of one secret: {@value #LETTERS} letters, each one of {@value #ALPHABET}'s 26. */
    static double bits() {
        return LETTERS * (Math.log(ALPHABET.length()) / Math.log(2));
    }

    /** A new secret from the server's secure random source. */
    static String generate() {
        return generate(RANDOM);
    }

    /** A new secret: {@value #LETTERS} letters drawn uniformly from {@code random}, in groups of {@value #GROUP}. */
    static String generate(SecureRandom random) {
        StringBuilder secret = new StringBuilder();
        for (int i = 0; i < LETTERS; i++) {
            if (i > 0 && i % GROUP == 0) {
                secret.append('-');
            }
            secret.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return secret.toString();
    }

    /**
     * What is hashed and compared: the letters only, in lower case, so that {@code ABCD efgh-…} as a person typed it
     * matches. Null when what was typed cannot be an app password (then no hash is computed for it).
     */
    /** The hint of a normalized secret (null for none). */
    static String hint(String normalized) {
        return normalized == null || normalized.length() < HINT_LETTERS ? null : normalized.substring(0, HINT_LETTERS);
    }

    /** Whether an app password with {@code stored} hint may be the one typed: one without a hint always may. */
    static boolean mayBe(String stored, String normalized) {
        return stored == null || stored.equals(hint(normalized));
    }

    static String normalize(String typed) {
        if (typed == null || typed.length() > 4 * LETTERS) {
            return null;
        }
        StringBuilder letters = new StringBuilder(LETTERS);
        for (int i = 0; i < typed.length(); i++) {
            char c = typed.charAt(i);
            if (c == '-' || c == ' ') {
                continue;
            }
            char lower = Character.toLowerCase(c);
            if (ALPHABET.indexOf(lower) < 0) {
                return null;
            }
            letters.append(lower);
        }
        return letters.length() == LETTERS ? letters.toString() : null;
    }

    /** Why a new app password is refused: the error code, the HTTP status and a sentence. */
    record Refusal(String code, int status, String description) {
    }

    /** The name as it is kept (trimmed), or null when {@link #checkName} refuses it. */
    static String cleanName(String name) {
        return name == null ? null : name.strip();
    }

    /** Null when the name may be used; otherwise why not. */
    static Refusal checkName(String name, Collection<String> existing) {
        Refusal invalid = checkNameAlone(name);
        if (invalid != null) {
            return invalid;
        }
        String key = nameKey(name);
        if (existing.stream().anyMatch(other -> other != null && nameKey(other).equals(key))) {
            return NAME_TAKEN;
        }
        return null;
    }

    /** The refusal of a name another app password of the user already has (or a simultaneous create took). */
    static final Refusal NAME_TAKEN = new Refusal("name_taken", 409, "You already have an app password with this name.");

    /** Null when the name may be used by itself, before it is compared with the user's other names. */
    static Refusal checkNameAlone(String name) {
        String clean = cleanName(name);
        if (clean == null || clean.isEmpty()) {
            return new Refusal("invalid_name", 400, "A name is required.");
        }
        if (clean.codePointCount(0, clean.length()) > MAX_NAME_LENGTH) {
            return new Refusal("invalid_name", 400, "A name may have at most " + MAX_NAME_LENGTH + " characters.");
        }
        if (clean.codePoints().anyMatch(Character::isISOControl)) {
            return new Refusal("invalid_name", 400, "A name may not hold control characters.");
        }
        // Checked before blankness: a name of direction marks alone gets the message that names the real problem.
        if (clean.codePoints().anyMatch(AppPasswords::isDirectionControl)) {
            return new Refusal("name_direction_controls", 400,
                    "A name may not hold characters that change the direction of text.");
        }
        if (clean.codePoints().allMatch(AppPasswords::isInvisible)) {
            return new Refusal("invalid_name", 400, "A name needs at least one visible character.");
        }
        return null;
    }

    /**
     * The bidirectional controls that reorder what follows them ({@code mail\u202Etxt.exe} shows as
     * {@code mailexe.txt}): the embeddings and overrides, the isolates, the marks LRM, RLM and ALM.
     */
    static boolean isDirectionControl(int c) {
        return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F
                || c == 0x061C;
    }

    /**
     * Whether a character shows as nothing: spaces of every kind, format characters (zero-width space, BOM, joiners),
     * and the letters and marks Unicode makes default-ignorable or that fonts draw empty (Hangul fillers, the blank
     * Braille pattern, variation selectors, the combining grapheme joiner).
     */
    static boolean isInvisible(int c) {
        if (Character.isWhitespace(c) || Character.isSpaceChar(c) || Character.isIdentifierIgnorable(c)) {
            return true;
        }
        int type = Character.getType(c);
        if (type == Character.FORMAT || type == Character.CONTROL) {
            return true;
        }
        return c == 0x034F || c == 0x115F || c == 0x1160 || c == 0x17B4 || c == 0x17B5 || (c >= 0x180B && c <= 0x180F)
                || c == 0x2800 || c == 0x3164 || c == 0xFFA0 || (c >= 0xFE00 && c <= 0xFE0F)
                || (c >= 0xE0100 && c <= 0xE01EF);
    }

    /**
     * What two names are compared by: the name as it shows, whatever its case, its invisible characters and its
     * compatibility forms ({@code Mail}, {@code mail\u200B} and {@code \uFF2Dail} are one name).
     */
    static String nameKey(String name) {
        String folded = Normalizer.normalize(name, Normalizer.Form.NFKC);
        StringBuilder key = new StringBuilder(folded.length());
        folded.codePoints().filter(c -> !isInvisible(c) || c == ' ').forEach(key::appendCodePoint);
        return key.toString().strip().toLowerCase(Locale.ROOT);
    }

    /** Null when the expiry (null: never) may be used at {@code now}; otherwise why not. */
    static Refusal checkExpiry(Long expires, long now) {
        if (expires == null) {
            return null;
        }
        if (expires <= now) {
            return new Refusal("invalid_expiry", 400, "The expiry must lie in the future.");
        }
        if (expires - now > MAX_LIFETIME_MILLIS) {
            return new Refusal("invalid_expiry", 400, "The expiry may lie at most ten years ahead.");
        }
        return null;
    }

    /** Null when a user with {@code count} app passwords may have one more; otherwise why not. */
    static Refusal checkLimit(int count, int limit) {
        return count >= limit
                ? new Refusal("limit_reached", 409, "You have " + count + " app passwords, the most this server allows. "
                        + "Revoke one first.")
                : null;
    }

    /** The refusal of a create whose sign-in is older than the realm allows for a credential change. */
    static final Refusal REAUTHENTICATION_REQUIRED = new Refusal("reauthentication_required", 403,
            "Your sign-in is too old to create an app password: sign in again, then create it.");

    /**
     * The most seconds a sign-in may lie back for a credential change, as Keycloak's UPDATE_PASSWORD action decides it:
     * the password policy's "Maximum authentication age" when set ({@code policyMaxAge} >= 0), else the action's
     * configured {@code max_auth_age}, else {@link Constants#KC_ACTION_MAX_AGE}. A configured value that is not a
     * whole number >= 0 counts as unset, as Keycloak's own parsing leaves it.
     */
    static int maxAuthAge(int policyMaxAge, String configured) {
        if (policyMaxAge >= 0) {
            return policyMaxAge;
        }
        if (configured != null) {
            try {
                int value = Integer.parseInt(configured.trim());
                if (value >= 0) {
                    return value;
                }
            } catch (NumberFormatException unreadable) {
                // Falls through to Keycloak's default, as its action does with a value it cannot read.
            }
        }
        return Constants.KC_ACTION_MAX_AGE;
    }

    /**
     * Whether a sign-in at {@code authTime} (epoch seconds, null when the session does not say) is too old at
     * {@code now} for a change allowed {@code maxAge} seconds after it: Keycloak's own test for an
     * application-initiated action (an unknown time counts as the epoch).
     */
    static boolean signInTooOld(Integer authTime, int maxAge, long now) {
        long time = authTime == null ? 0 : authTime;
        return time + maxAge < now;
    }

    /** Whether an app password that expires at {@code expires} (null: never) is expired at {@code now}. */
    static boolean expired(Long expires, long now) {
        return expires != null && expires <= now;
    }

    /** Whether a use at {@code now} is worth writing, given the last one written. */
    static boolean lastUsedWorthWriting(Long lastUsed, long now) {
        return lastUsed == null || now - lastUsed >= LAST_USED_REFRESH_MILLIS;
    }

    /** The limit per user as read from the server's options, or why it is off. */
    public record Limit(int value, String error) {

        boolean on() {
            return value > 0;
        }
    }

    /**
     * Reads {@value #LIMIT_OPTION}: unset means {@value #DEFAULT_LIMIT}. As with the other options, a value that cannot
     * be read turns the feature off (limit 0) and says so: not a whole number from 1 to {@value #MAX_LIMIT}; and with a
     * misspelt option of the provider ({@code doubtful}) the feature is off unless its limit is set explicitly. The error
     * names the option as the provider {@code providerId} reads it.
     */
    public static Limit readLimit(Config.Scope config, boolean doubtful, String providerId) {
        String raw = config.get(LIMIT_OPTION);
        if (raw == null || raw.isBlank()) {
            return doubtful ? new Limit(0, null) : new Limit(DEFAULT_LIMIT, null);
        }
        int value;
        try {
            value = Integer.parseInt(raw.trim());
        } catch (NumberFormatException notNumber) {
            value = -1;
        }
        if (value < 1 || value > MAX_LIMIT) {
            return new Limit(0, "The option " + LIMIT_OPTION + " of " + providerId + " is '"
                    + raw + "', not a whole number from 1 to " + MAX_LIMIT
                    + ": app passwords are off until the value is corrected.");
        }
        return new Limit(value, null);
    }
}

package io.github.kcaccountconsole.extension.apppasswords;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

import org.junit.jupiter.api.Test;
import org.keycloak.Config;
import org.keycloak.credential.CredentialModel;
import org.keycloak.credential.hash.PasswordHashProvider;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.PasswordPolicy;
import org.keycloak.models.credential.PasswordCredentialModel;
import org.keycloak.policy.PasswordPolicyProvider;

import io.github.kcaccountconsole.extension.shared.Answers;

class AppPasswordsTest {

    private static final long NOW = 1_800_000_000_000L;
    private static final long DAY = 24 * 3600 * 1000L;

    // Generation

    @Test
    void aSignInHashesOnlyTheAppPasswordsWhoseHintItStartsWith() {
        String secret = AppPasswords.normalize("abcd-efgh-ijkl-mnop-qrst-uvwx-yzab");
        assertEquals("abcd", AppPasswords.hint(secret));
        assertTrue(AppPasswords.mayBe("abcd", secret));
        assertFalse(AppPasswords.mayBe("abce", secret));
        // One stored before hints: always a candidate.
        assertTrue(AppPasswords.mayBe(null, secret));
        assertNull(AppPasswords.hint(null));
    }

    @Test
    void aSecretIsSevenGroupsOfFourLowerCaseLetters() {
        for (int i = 0; i < 200; i++) {
            String secret = AppPasswords.generate();
            assertTrue(secret.matches("[a-z]{4}(-[a-z]{4}){6}"), secret);
            assertEquals(AppPasswords.LETTERS, secret.replace("-", "").length());
        }
    }

    @Test
    void aSecretCarriesAtLeast128Bits() {
        assertEquals(26, AppPasswords.ALPHABET.length());
        assertEquals(26, AppPasswords.ALPHABET.chars().distinct().count());
        assertTrue(AppPasswords.bits() >= 128, "bits: " + AppPasswords.bits());
    }

    @Test
    void theLettersComeFromTheSecureRandomSourceGiven() throws Exception {
        // The same seed of a deterministic SecureRandom gives the same secret: every letter is drawn from it.
        SecureRandom one = SecureRandom.getInstance("SHA1PRNG");
        one.setSeed(42L);
        SecureRandom two = SecureRandom.getInstance("SHA1PRNG");
        two.setSeed(42L);
        assertEquals(AppPasswords.generate(one), AppPasswords.generate(two));
        // The server's own source: a SecureRandom, never a seeded java.util.Random.
        var field = AppPasswords.class.getDeclaredField("RANDOM");
        field.setAccessible(true);
        assertEquals(SecureRandom.class, field.get(null).getClass());
    }

    @Test
    void secretsDoNotRepeatAndUseTheWholeAlphabetEvenly() {
        Set<String> seen = new HashSet<>();
        Map<Character, Integer> counts = new HashMap<>();
        int secrets = 2000;
        for (int i = 0; i < secrets; i++) {
            String secret = AppPasswords.generate();
            assertTrue(seen.add(secret), "repeated: " + secret);
            for (char c : secret.replace("-", "").toCharArray()) {
                counts.merge(c, 1, Integer::sum);
            }
        }
        assertEquals(26, counts.size());
        double expected = secrets * AppPasswords.LETTERS / 26.0;
        // 56,000 letters: each letter's count lies far within 15 % of the mean unless the draw is skewed.
        counts.forEach((letter, count) -> assertTrue(Math.abs(count - expected) < expected * 0.15,
                letter + ": " + count + " of " + expected));
    }

    @Test
    void whatAPersonTypesIsNormalized() {
        String secret = AppPasswords.generate();
        String letters = secret.replace("-", "");
        assertEquals(letters, AppPasswords.normalize(secret));
        assertEquals(letters, AppPasswords.normalize(secret.toUpperCase().replace("-", " ")));
        assertNull(AppPasswords.normalize(letters.substring(1)));
        assertNull(AppPasswords.normalize(letters + "a"));
        assertNull(AppPasswords.normalize(letters.substring(1) + "1"));
        assertNull(AppPasswords.normalize(null));
        assertNull(AppPasswords.normalize("a".repeat(10_000)));
    }

    // Hashing with the realm's policy

    /**
     * A hash provider of the shape of Keycloak's PBKDF2 one, on the JDK alone (Keycloak's own needs its crypto provider,
     * which only a running server sets up): a random salt, the iterations it is given, the algorithm's id.
     */
    private static final class Pbkdf2 implements PasswordHashProvider {

        @Override
        public boolean policyCheck(PasswordPolicy policy, PasswordCredentialModel credential) {
            return true;
        }

        @Override
        public PasswordCredentialModel encodedCredential(String raw, int iterations) {
            int rounds = iterations == -1 ? 600_000 : iterations;
            byte[] salt = new byte[16];
            new SecureRandom().nextBytes(salt);
            return PasswordCredentialModel.createFromValues("pbkdf2-sha256", salt, rounds, derive(raw, salt, rounds));
        }

        @Override
        public boolean verify(String raw, PasswordCredentialModel credential) {
            return derive(raw, credential.getPasswordSecretData().getSalt(),
                    credential.getPasswordCredentialData().getHashIterations())
                    .equals(credential.getPasswordSecretData().getValue());
        }

        private static String derive(String raw, byte[] salt, int rounds) {
            try {
                byte[] key = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                        .generateSecret(new PBEKeySpec(raw.toCharArray(), salt, rounds, 256)).getEncoded();
                return Base64.getEncoder().encodeToString(key);
            } catch (GeneralSecurityException impossible) {
                throw new IllegalStateException(impossible);
            }
        }

        @Override
        public void close() {
        }
    }

    private static final PasswordHashProvider PBKDF2 = new Pbkdf2();

    /** A session that knows one hash provider by id and the two hash policies; nothing else. */
    private static KeycloakSession session(PasswordHashProvider defaultProvider) {
        PasswordPolicyProvider iterations = policyProvider(Integer::valueOf);
        PasswordPolicyProvider algorithm = policyProvider(value -> value);
        return (KeycloakSession) Proxy.newProxyInstance(KeycloakSession.class.getClassLoader(),
                new Class<?>[] {KeycloakSession.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("getProvider")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    if (args[0] == PasswordPolicyProvider.class) {
                        return PasswordPolicy.HASH_ITERATIONS_ID.equals(args[1]) ? iterations : algorithm;
                    }
                    if (args.length == 1) {
                        return defaultProvider;
                    }
                    return "pbkdf2-sha256".equals(args[1]) ? PBKDF2 : null;
                });
    }

    private static PasswordPolicyProvider policyProvider(java.util.function.Function<String, Object> parse) {
        return (PasswordPolicyProvider) Proxy.newProxyInstance(PasswordPolicyProvider.class.getClassLoader(),
                new Class<?>[] {PasswordPolicyProvider.class}, (proxy, method, args) -> {
                    if (method.getName().equals("parseConfig")) {
                        return parse.apply((String) args[0]);
                    }
                    return null;
                });
    }

    @Test
    void theSecretIsHashedWithTheRealmPolicysAlgorithmAndIterations() {
        KeycloakSession session = session(null);
        PasswordPolicy policy = PasswordPolicy.build().put(PasswordPolicy.HASH_ALGORITHM_ID, "pbkdf2-sha256")
                .put(PasswordPolicy.HASH_ITERATIONS_ID, "1000").build(session);
        PasswordHashProvider hash = AppPasswordStore.hashProvider(session, policy);
        assertEquals(PBKDF2, hash);
        String secret = AppPasswords.generate();
        CredentialModel credential = AppPasswordStore.newCredential(hash, policy, secret, "Mail", null, NOW);
        AppPasswordStore.Data data = AppPasswordStore.data(credential);
        assertEquals("pbkdf2-sha256", data.hash().getAlgorithm());
        assertEquals(PasswordCredentialModel.TYPE, AppPasswordStore.asPassword(credential, data).getType());
        assertEquals(1000, data.hash().getHashIterations());
        assertEquals(AppPasswords.CREDENTIAL_TYPE, credential.getType());
        assertEquals("Mail", credential.getUserLabel());
        // Never in clear: neither the secret nor its letters appear in what is stored.
        String letters = AppPasswords.normalize(secret);
        for (String stored : List.of(credential.getSecretData(), credential.getCredentialData())) {
            assertFalse(stored.contains(letters), stored);
            assertFalse(stored.contains(secret), stored);
        }
        assertTrue(AppPasswordStore.matches(session, credential, data, letters));
        assertFalse(AppPasswordStore.matches(session, credential, data, AppPasswords.normalize(AppPasswords.generate())));
        // Two app passwords with the same secret are salted apart.
        CredentialModel again = AppPasswordStore.newCredential(hash, policy, secret, "Mail 2", null, NOW);
        assertNotEquals(credential.getSecretData(), again.getSecretData());
    }

    @Test
    void withoutAnAlgorithmInThePolicyTheServersDefaultHashes() {
        KeycloakSession session = session(PBKDF2);
        assertEquals(PBKDF2, AppPasswordStore.hashProvider(session, PasswordPolicy.empty()));
        // An algorithm the server lacks falls back to the default, as Keycloak does for passwords.
        PasswordPolicy unknown = PasswordPolicy.build().put(PasswordPolicy.HASH_ALGORITHM_ID, "md5").build(session);
        assertEquals(PBKDF2, AppPasswordStore.hashProvider(session, unknown));
    }

    @Test
    void anAppPasswordHashedByAnAlgorithmTheServerLacksNeverMatches() {
        KeycloakSession session = session(PBKDF2);
        String secret = AppPasswords.generate();
        CredentialModel credential = AppPasswordStore.newCredential(PBKDF2, PasswordPolicy.empty(), secret, "Mail",
                null, NOW);
        credential.setCredentialData(credential.getCredentialData().replace("pbkdf2-sha256", "gone"));
        assertFalse(AppPasswordStore.matches(session, credential, AppPasswordStore.data(credential),
                AppPasswords.normalize(secret)));
        credential.setCredentialData("not json");
        assertNull(AppPasswordStore.data(credential));
        assertFalse(AppPasswordStore.matches(session, credential, null, AppPasswords.normalize(secret)));
    }

    // Expiry and last use

    @Test
    void anExpiryMustLieInTheFutureAndWithinTenYears() {
        assertNull(AppPasswords.checkExpiry(null, NOW));
        assertNull(AppPasswords.checkExpiry(NOW + 1, NOW));
        assertEquals("invalid_expiry", AppPasswords.checkExpiry(NOW, NOW).code());
        assertEquals("invalid_expiry", AppPasswords.checkExpiry(NOW - DAY, NOW).code());
        assertEquals("invalid_expiry", AppPasswords.checkExpiry(NOW + 3654 * DAY, NOW).code());
        assertEquals(400, AppPasswords.checkExpiry(NOW - 1, NOW).status());
    }

    @Test
    void anAppPasswordIsExpiredFromItsExpiryOn() {
        assertFalse(AppPasswords.expired(null, NOW));
        assertFalse(AppPasswords.expired(NOW + 1, NOW));
        assertTrue(AppPasswords.expired(NOW, NOW));
        assertTrue(AppPasswords.expired(NOW - 1, NOW));
    }

    @Test
    void lastUseIsWrittenAtMostOnceADay() {
        assertTrue(AppPasswords.lastUsedWorthWriting(null, NOW));
        assertFalse(AppPasswords.lastUsedWorthWriting(NOW - DAY + 1, NOW));
        assertTrue(AppPasswords.lastUsedWorthWriting(NOW - DAY, NOW));
    }

    // The limit

    @Test
    void theLimitRefusesTheOneTooMany() {
        assertNull(AppPasswords.checkLimit(19, 20));
        AppPasswords.Refusal refusal = AppPasswords.checkLimit(20, 20);
        assertEquals("limit_reached", refusal.code());
        assertEquals(409, refusal.status());
        assertEquals("limit_reached", AppPasswords.checkLimit(1, 1).code());
    }

    private static Config.Scope scope(Map<String, String> values) {
        return (Config.Scope) Proxy.newProxyInstance(Config.Scope.class.getClassLoader(),
                new Class<?>[] {Config.Scope.class}, (proxy, method, args) -> {
                    if (method.getName().equals("get") && args.length == 1) {
                        return values.get((String) args[0]);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static AppPasswords.Limit limit(Map<String, String> options, boolean doubtful) {
        return AppPasswords.readLimit(scope(options), doubtful, "account-console-extension");
    }

    @Test
    void theLimitOptionIsTwentyUnlessSetAndFailsClosed() {
        assertEquals(20, limit(Map.of(), false).value());
        assertNull(limit(Map.of(), false).error());
        assertEquals(5, limit(Map.of(AppPasswords.LIMIT_OPTION, " 5 "), false).value());
        assertEquals(100, limit(Map.of(AppPasswords.LIMIT_OPTION, "100"), false).value());
        for (String bad : List.of("0", "-1", "101", "twenty", "2.5", "1e3")) {
            AppPasswords.Limit limit = limit(Map.of(AppPasswords.LIMIT_OPTION, bad), false);
            assertFalse(limit.on(), bad);
            assertTrue(limit.error().contains(AppPasswords.LIMIT_OPTION + " of account-console-extension"), bad);
        }
        // A misspelt option of the provider: off unless the limit is set explicitly.
        assertFalse(limit(Map.of(), true).on());
        assertEquals(3, limit(Map.of(AppPasswords.LIMIT_OPTION, "3"), true).value());
    }

    // Names

    @Test
    void aNameIsRequiredTrimmedAndAtMost64Characters() {
        assertNull(AppPasswords.checkName("Mail", List.of()));
        assertEquals("Mail", AppPasswords.cleanName("  Mail "));
        assertEquals("invalid_name", AppPasswords.checkName("", List.of()).code());
        assertEquals("invalid_name", AppPasswords.checkName("   ", List.of()).code());
        assertEquals("invalid_name", AppPasswords.checkName(null, List.of()).code());
        assertNull(AppPasswords.checkName("m".repeat(64), List.of()));
        assertEquals("invalid_name", AppPasswords.checkName("m".repeat(65), List.of()).code());
        // Counted in characters, not UTF-16 units: 64 emoji are 64 characters.
        assertNull(AppPasswords.checkName("\uD83D\uDCEC".repeat(64), List.of()));
        assertEquals("invalid_name", AppPasswords.checkName("Mail\nserver", List.of()).code());
    }

    @Test
    void aNameIsUniqueForTheUserWhateverItsCase() {
        AppPasswords.Refusal taken = AppPasswords.checkName(" mail ", List.of("Phone", "Mail"));
        assertEquals("name_taken", taken.code());
        assertEquals(409, taken.status());
        assertNull(AppPasswords.checkName("Mail 2", List.of("Phone", "Mail")));
    }

    @Test
    void aNameThatShowsAsBlankIsRefused() {
        // Zero-width space, no-break space, BOM, word joiner, Hangul filler, blank Braille, a variation selector,
        // a tag character: each shows as nothing, alone or together.
        for (String blank : List.of("\u200B", "\u00A0", "\uFEFF", "\u2060", "\u3164", "\u2800", "\uFE0F",
                "\uDB40\uDC20", "\u200B\u00A0\u200D", " \u2003\u3000 ")) {
            AppPasswords.Refusal refusal = AppPasswords.checkName(blank, List.of());
            assertEquals("invalid_name", refusal == null ? null : refusal.code(), escaped(blank));
            assertEquals(400, refusal.status());
        }
        // Invisible characters beside visible ones are allowed (the joiner of an emoji sequence, say).
        assertNull(AppPasswords.checkName("\uD83D\uDC69\u200D\uD83D\uDCBB Laptop", List.of()));
        assertNull(AppPasswords.checkName("Mail\u00A0server", List.of()));
    }

    @Test
    void aNameWithADirectionControlIsRefused() {
        for (int control : new int[] {0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E,
                0x200F, 0x061C}) {
            String name = "mail" + Character.toString(control) + "txt.exe";
            AppPasswords.Refusal refusal = AppPasswords.checkName(name, List.of());
            assertEquals("name_direction_controls", refusal == null ? null : refusal.code(), escaped(name));
            assertEquals(400, refusal.status());
            // Alone, too: the message names the control, not blankness.
            assertEquals("name_direction_controls", AppPasswords.checkName(Character.toString(control), List.of())
                    .code());
        }
        // Right-to-left text itself is a name like any other.
        assertNull(AppPasswords.checkName("\u05D3\u05D5\u05D0\u05E8", List.of()));
        assertNull(AppPasswords.checkName("\u0628\u0631\u064A\u062F", List.of()));
    }

    @Test
    void namesThatShowAlikeAreOneName() {
        // Case, invisible characters and compatibility forms do not make a second name.
        for (String same : List.of("MAIL", "mail\u200B", "\u200Bmail", "\uFF2D\uFF41\uFF49\uFF4C", "ma\u00ADil")) {
            AppPasswords.Refusal taken = AppPasswords.checkName(same, List.of("Mail"));
            assertEquals("name_taken", taken == null ? null : taken.code(), escaped(same));
        }
        assertNull(AppPasswords.checkName("Mail 2", List.of("Mail")));
        assertNull(AppPasswords.checkName("Mai l", List.of("Mail")));
        assertEquals(AppPasswords.nameKey("Mail server"), AppPasswords.nameKey("mail\u00A0server"));
    }

    // A fresh sign-in

    @Test
    void theMaximumAuthenticationAgeIsKeycloaksForUpdatePassword() {
        // The password policy first, as Keycloak's UPDATE_PASSWORD asks it first.
        assertEquals(60, AppPasswords.maxAuthAge(60, "30"));
        assertEquals(0, AppPasswords.maxAuthAge(0, null));
        // Then the action's max_auth_age.
        assertEquals(30, AppPasswords.maxAuthAge(-1, "30"));
        assertEquals(0, AppPasswords.maxAuthAge(-1, "0"));
        // Else Keycloak's default of five minutes, also for a value it could not use.
        assertEquals(300, AppPasswords.maxAuthAge(-1, null));
        assertEquals(300, AppPasswords.maxAuthAge(-1, "soon"));
        assertEquals(300, AppPasswords.maxAuthAge(-1, "-5"));
        assertEquals(org.keycloak.models.Constants.KC_ACTION_MAX_AGE, AppPasswords.maxAuthAge(-1, null));
    }

    @Test
    void aSignInOlderThanTheMaximumAgeIsTooOld() {
        long now = 1_800_000_000L;
        assertFalse(AppPasswords.signInTooOld((int) now, 300, now));
        assertFalse(AppPasswords.signInTooOld((int) (now - 300), 300, now));
        assertTrue(AppPasswords.signInTooOld((int) (now - 301), 300, now));
        // An age of 0 takes a sign-in of this very second only.
        assertFalse(AppPasswords.signInTooOld((int) now, 0, now));
        assertTrue(AppPasswords.signInTooOld((int) (now - 1), 0, now));
        // A session that does not say when it signed in is too old.
        assertTrue(AppPasswords.signInTooOld(null, 300, now));
        AppPasswords.Refusal refusal = AppPasswords.REAUTHENTICATION_REQUIRED;
        assertEquals("reauthentication_required", refusal.code());
        assertEquals(403, refusal.status());
    }

    private static String escaped(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> out.append(c < 0x80 ? Character.toString(c) : String.format("U+%04X ", c)));
        return out.toString();
    }

    // The body of a create

    @Test
    void theBodyOfACreateTakesANameAndAnOptionalExpiry() {
        assertEquals(new AppPasswordsResource.NewAppPassword("Mail", null), read("{\"name\":\"Mail\"}"));
        assertEquals(new AppPasswordsResource.NewAppPassword("Mail", null),
                read("{\"name\":\"Mail\",\"expires\":null}"));
        assertEquals(new AppPasswordsResource.NewAppPassword("Mail", 1700000000000L),
                read("{\"name\":\"Mail\",\"expires\":1700000000000}"));
        for (String bad : List.of("", "[]", "null", "{}", "{\"name\":1}", "{\"name\":\"Mail\",\"expires\":\"soon\"}",
                "{\"name\":\"Mail\",\"expires\":1.5}", "{\"name\":\"Mail\",\"user\":\"other\"}",
                "{\"name\":\"Mail\",\"expires\":99999999999999999999999}")) {
            assertNull(read(bad), bad);
        }
    }

    @Test
    void theAnswersKeepTheirNullsAndTheirOrder() {
        assertEquals("{\"limit\":20,\"appPasswords\":[{\"id\":\"a\",\"name\":\"Mail\",\"created\":1,"
                + "\"expires\":null,\"lastUsed\":null}]}",
                new String(Answers.write(new AppPasswordsResource.Page(20,
                        List.of(new AppPasswordsResource.Row("a", "Mail", 1, null, null)))), StandardCharsets.UTF_8));
        assertEquals("{\"id\":\"a\",\"name\":\"Mail\",\"created\":1,\"expires\":2,\"lastUsed\":null,"
                + "\"password\":\"abcd\"}",
                new String(Answers.write(new AppPasswordsResource.Created("a", "Mail", 1, 2L, null, "abcd")),
                        StandardCharsets.UTF_8));
    }

    private static AppPasswordsResource.NewAppPassword read(String body) {
        return AppPasswordsResource.read(body.getBytes(StandardCharsets.UTF_8));
    }
}

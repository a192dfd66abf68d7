package io.github.kcaccountconsole.extension.signinalerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.github.kcaccountconsole.extension.places.Place;

class SignInAlertMailTest {

    private static final String MESSAGES = "/theme/keycloak-account-console/email/messages/";
    private static final List<String> LANGUAGES = List.of("ar", "az", "ca", "cs", "da", "de", "el", "en", "es", "eu",
            "fa", "fi", "fr", "hr", "hu", "hy", "id", "it", "ja", "ka", "kk", "ky", "lt", "lv", "nl", "no", "pl", "pt",
            "pt_BR", "ro", "ru", "sk", "sl", "sv", "th", "tr", "uk", "vi", "zh_Hans", "zh_Hant");

    private static Properties bundle(String language) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = SignInAlertMailTest.class.getResourceAsStream(MESSAGES + "messages_" + language
                + ".properties")) {
            assertTrue(in != null, "no bundle for " + language);
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return properties;
    }

    @Test
    void everyLanguageHasEveryTextOfTheMailAndKeepsItsPlaceholders() throws IOException {
        Properties english = bundle("en");
        Map<String, String> texts = SignInAlertMail.texts(english, "R", "U");
        // The place's wording is filled with the place, not the realm's name (placeText).
        Set<String> sentences = new java.util.TreeSet<>(english.stringPropertyNames());
        sentences.remove("signInAlertNear");
        assertEquals(sentences, new java.util.TreeSet<>(texts.keySet()));
        for (String language : LANGUAGES) {
            Properties translated = bundle(language);
            assertEquals(english.stringPropertyNames(), translated.stringPropertyNames(), language);
            for (String key : Set.of("signInAlertSubject", "signInAlertIntro", "signInAlertGreeting",
                    "signInAlertNear")) {
                assertTrue(translated.getProperty(key).contains("{0}"), language + " " + key);
            }
        }
    }

    @Test
    void placeholdersAreFilledWithoutMessageFormatRules() {
        Properties messages = new Properties();
        messages.setProperty("signInAlertSubject", "L'accès à {0}");
        assertEquals("L'accès à Demo", SignInAlertMail.text(messages, "signInAlertSubject", "Demo"));
        assertEquals("missingKey", SignInAlertMail.text(messages, "missingKey", "Demo"));
    }

    @Test
    void theLinkForThisWasntMeCarriesTheMailsFactsAndNothingElse() {
        SignInAlertMail.Facts facts = new SignInAlertMail.Facts(1732460000000L, "Mobile Safari", "Mac OS X",
                "192.0.2.7", java.util.Locale.ENGLISH, java.net.URI.create("https://id.example.org/"),
                new Place("Bracknell", "England", "GB"), "Places by someone");
        String url = SignInAlertMail.secureAccountUrl("https://id.example.org/realms/demo/account", facts);
        java.net.URI link = java.net.URI.create(url);
        assertEquals("/realms/demo/account/account-security/secure-your-account", link.getPath());
        assertEquals("browser=Mobile+Safari&os=Mac+OS+X&time=1732460000000", link.getRawQuery());
        assertTrue(!url.contains("192.0.2"), url);
        assertTrue(!url.contains("Bracknell"), url);
    }

    @Test
    void thePlaceIsWrittenNearItsCityWithTheCountryInTheUsersLanguage() {
        Properties german = new Properties();
        german.setProperty("signInAlertNear", "in der Nähe von {0}");
        assertEquals("in der Nähe von Bracknell, Vereinigtes Königreich",
                SignInAlertMail.placeText(german, new Place("Bracknell", "England", "GB"), java.util.Locale.GERMAN));
        Properties english = new Properties();
        english.setProperty("signInAlertNear", "near {0}");
        assertEquals("near Bracknell, United Kingdom",
                SignInAlertMail.placeText(english, new Place("Bracknell", null, "GB"), java.util.Locale.ENGLISH));
        // Without a city, the country alone; without a place, nothing.
        assertEquals("United States",
                SignInAlertMail.placeText(english, new Place(null, null, "US"), java.util.Locale.ENGLISH));
        assertEquals("", SignInAlertMail.placeText(english, null, java.util.Locale.ENGLISH));
    }
}

package io.github.kcaccountconsole.extension.signinalerts;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

import jakarta.ws.rs.core.UriBuilder;

import org.keycloak.common.util.KeycloakUriBuilder;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.theme.FreeMarkerException;
import org.keycloak.theme.Theme;
import org.keycloak.theme.freemarker.FreeMarkerProvider;

import io.github.kcaccountconsole.extension.places.Place;

/**
 * Renders the sign-in alert with the email theme this jar carries ({@link #THEME}), whatever email theme the realm
 * chose for Keycloak's own mails. Texts come from that theme's bundles in the user's language, with the realm's
 * overrides on top. The mail holds facts and two plain links to pages of the console; no token, nothing that signs in.
 */
final class SignInAlertMail {

    /** The theme in this jar that holds the alert's templates and texts (type email, parent keycloak). */
    static final String THEME = "keycloak-account-console";
    static final String TEMPLATE = "account-console-sign-in-alert.ftl";

    /**
     * What the mail says about the sign-in, and what it needs of the sign-in's request: the user's language and the
     * server's address as the request saw it (the mail is rendered later, in a session without a request). The
     * address's approximate place and its database's attribution are {@code null} without a places database.
     */
    record Facts(long time, String browser, String os, String ipAddress, Locale locale, URI baseUri, Place place,
            String placeAttribution) {
    }

    record Rendered(String subject, String text, String html) {
    }

    private SignInAlertMail() {
    }

    static Rendered render(KeycloakSession session, RealmModel realm, UserModel user, Facts facts)
            throws IOException, FreeMarkerException {
        Theme theme = session.theme().getTheme(THEME, Theme.Type.EMAIL);
        Locale locale = facts.locale();
        Properties messages = theme.getEnhancedMessages(realm, locale);
        String realmName = realm.getDisplayName() != null && !realm.getDisplayName().isBlank()
                ? realm.getDisplayName() : realm.getName();
        String name = user.getFirstName() != null && !user.getFirstName().isBlank()
                ? user.getFirstName() : user.getUsername();

        UriBuilder account = UriBuilder.fromUri(facts.baseUri())
                .path("realms").path(realm.getName()).path("account");
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("text", texts(messages, realmName, name));
        model.put("when", DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM).withLocale(locale)
                .withZone(ZoneOffset.UTC).format(Instant.ofEpochMilli(facts.time())) + " UTC");
        model.put("browser", facts.browser());
        model.put("os", facts.os());
        model.put("ipAddress", facts.ipAddress() == null ? "" : facts.ipAddress());
        String place = placeText(messages, facts.place(), locale);
        model.put("place", place);
        model.put("placeAttribution", place.isEmpty() || facts.placeAttribution() == null ? ""
                : facts.placeAttribution());
        model.put("deviceActivityUrl", account.clone().path("account-security").path("device-activity").build()
                .toString());
        model.put("signingInUrl", account.clone().path("account-security").path("signing-in").build().toString());
        model.put("secureAccountUrl", secureAccountUrl(account.build().toString(), facts));
        model.put("lang", locale.toLanguageTag());

        FreeMarkerProvider freeMarker = session.getProvider(FreeMarkerProvider.class);
        String text = freeMarker.processTemplate(model, "text/" + TEMPLATE, theme);
        String html = freeMarker.processTemplate(model, "html/" + TEMPLATE, theme);
        return new Rendered(text(messages, "signInAlertSubject", realmName), text, html);
    }

    /**
     * "This wasn't me": the console's page that says what happened and how to lock the account down. The link holds
     * the facts the mail shows anyway (browser, system, time); no address, no token, nothing that signs anyone in.
     */
    static String secureAccountUrl(String accountUrl, Facts facts) {
        return KeycloakUriBuilder.fromUri(accountUrl).path("account-security").path("secure-your-account")
                .queryParam("browser", facts.browser())
                .queryParam("os", facts.os())
                .queryParam("time", facts.time())
                .buildAsString();
    }

    /**
     * "near Bracknell, United Kingdom" in the user's language (the country named by the JDK's locale data), the
     * country alone when the database knows no city, and empty without a place.
     */
    static String placeText(Properties messages, Place place, Locale locale) {
        if (place == null) {
            return "";
        }
        String country = place.country() == null ? null : new Locale("", place.country()).getDisplayCountry(locale);
        if (place.city() == null) {
            return country == null ? "" : country;
        }
        return text(messages, "signInAlertNear", country == null ? place.city() : place.city() + ", " + country);
    }

    /** The mail's sentences, placeholders filled ({0}: the realm's name, or the user's name in the greeting). */
    static Map<String, String> texts(Properties messages, String realmName, String userName) {
        Map<String, String> texts = new LinkedHashMap<>();
        for (String key : new String[] {"signInAlertSubject", "signInAlertHeading", "signInAlertIntro",
                "signInAlertWhen", "signInAlertBrowser", "signInAlertOs", "signInAlertIp", "signInAlertPlace", "signInAlertIfYou",
                "signInAlertIfNotYou", "signInAlertDeviceActivity", "signInAlertSigningIn", "signInAlertWhy",
                "signInAlertNotMe"}) {
            texts.put(key, text(messages, key, realmName));
        }
        texts.put("signInAlertGreeting", text(messages, "signInAlertGreeting", userName));
        return texts;
    }

    /** One text with its {0} replaced (plain replacement: translators write apostrophes as they are). */
    static String text(Properties messages, String key, String value) {
        String text = messages.getProperty(key, key);
        return text.replace("{0}", value);
    }
}

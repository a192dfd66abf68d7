package io.github.kcaccountconsole.extension.signinalerts;

import java.util.Map;

import org.keycloak.models.RealmModel;

/** When a realm offers sign-in alerts: its admin added the listener, and the realm has a mail server. */
public final class SignInAlerts {

    private SignInAlerts() {
    }

    public static boolean offered(RealmModel realm) {
        return realm.getEventsListenersStream().anyMatch(SignInAlertListenerFactory.ID::equals)
                && hasMailServer(realm.getSmtpConfig());
    }

    static boolean hasMailServer(Map<String, String> smtp) {
        return smtp != null && smtp.get("host") != null && !smtp.get("host").isBlank();
    }
}

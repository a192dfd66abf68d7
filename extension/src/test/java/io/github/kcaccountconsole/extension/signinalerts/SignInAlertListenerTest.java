package io.github.kcaccountconsole.extension.signinalerts;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.keycloak.events.Event;
import org.keycloak.events.EventType;
import org.keycloak.models.UserModel;

import io.github.kcaccountconsole.extension.apppasswords.AppPasswords;

class SignInAlertListenerTest {

    /** A user with this address and verification flag (any other call is a mistake of the test). */
    private static UserModel user(String email, boolean verified) {
        return (UserModel) Proxy.newProxyInstance(UserModel.class.getClassLoader(), new Class<?>[] {UserModel.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getEmail" -> email;
                    case "isEmailVerified" -> verified;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void onlyAVerifiedAddressIsMailed() {
        assertTrue(SignInAlertListener.mailable(user("alice@example.org", true)));
        assertFalse(SignInAlertListener.mailable(user("alice@example.org", false)));
        assertFalse(SignInAlertListener.mailable(user(null, true)));
        assertFalse(SignInAlertListener.mailable(user(" ", true)));
    }

    private static Event event(EventType type, Map<String, String> details) {
        Event event = new Event();
        event.setType(type);
        event.setUserId("u1");
        event.setRealmId("r1");
        event.setDetails(details);
        return event;
    }

    @Test
    void aSignInWithAnAppPasswordIsNotADevice() {
        assertTrue(SignInAlertListener.counts(event(EventType.LOGIN, null)));
        assertTrue(SignInAlertListener.counts(event(EventType.LOGIN, Map.of("auth_method", "openid-connect"))));
        assertFalse(SignInAlertListener.counts(event(EventType.LOGIN,
                Map.of("credential_type", AppPasswords.CREDENTIAL_TYPE, "credential_user_label", "Mail"))));
        assertFalse(SignInAlertListener.counts(event(EventType.LOGIN_ERROR, null)));
        assertFalse(SignInAlertListener.counts(event(EventType.REFRESH_TOKEN, null)));
    }
}

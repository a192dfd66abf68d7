package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;

import org.junit.jupiter.api.Test;
import org.keycloak.models.UserModel;

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
}

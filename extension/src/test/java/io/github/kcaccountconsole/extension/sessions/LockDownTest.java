package io.github.kcaccountconsole.extension.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.keycloak.models.RequiredActionProviderModel;

import io.github.kcaccountconsole.extension.shared.Answers;

/** The rules of "Lock it down": which sessions end, when a new password is required, and the answer's shape. */
class LockDownTest {

    @Test
    void everyOnlineSessionButTheCallersOwnEnds() {
        List<String> sessions = List.of("laptop", "console", "phone");
        assertEquals(List.of("laptop", "phone"), LockDown.othersThan(sessions, Function.identity(), "console"));
    }

    @Test
    void aTokenWithoutASessionEndsThemAll() {
        List<String> sessions = List.of("laptop", "phone");
        assertEquals(sessions, LockDown.othersThan(sessions, Function.identity(), null));
    }

    @Test
    void aNewPasswordIsRequiredOnlyWhileTheRealmHasTheActionEnabled() {
        RequiredActionProviderModel model = new RequiredActionProviderModel();
        model.setAlias("UPDATE_PASSWORD");
        model.setEnabled(true);
        assertTrue(LockDown.passwordActionEnabled(model));
        model.setEnabled(false);
        assertFalse(LockDown.passwordActionEnabled(model));
        assertFalse(LockDown.passwordActionEnabled(null));
    }

    @Test
    void theAnswerCountsWhatEnded() {
        assertEquals("{\"sessionsEnded\":2,\"offlineSessionsEnded\":1,\"appPasswordsRevoked\":3,"
                + "\"updatePasswordRequired\":true}",
                new String(Answers.write(new LockDown.Outcome(2, 1, 3, true)), StandardCharsets.UTF_8));
    }
}

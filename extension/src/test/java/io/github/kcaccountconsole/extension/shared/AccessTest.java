package io.github.kcaccountconsole.extension.shared;

import static io.github.kcaccountconsole.extension.shared.Access.Decision.ALLOWED;
import static io.github.kcaccountconsole.extension.shared.Access.Decision.FORBIDDEN;
import static io.github.kcaccountconsole.extension.shared.Access.Decision.UNAUTHENTICATED;
import static io.github.kcaccountconsole.extension.shared.Access.Need.READ;
import static io.github.kcaccountconsole.extension.shared.Access.Need.WRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;

import org.junit.jupiter.api.Test;

import io.github.kcaccountconsole.extension.shared.Access.Caller;

class AccessTest {

    private static Caller console(String... roles) {
        return new Caller(true, true, false, "account-console", Set.of(roles));
    }

    @Test
    void noTokenOrAnInvalidOneIsUnauthenticated() {
        assertEquals(UNAUTHENTICATED, Access.decide(Caller.anonymous(), READ));
        assertEquals(UNAUTHENTICATED, Access.decide(null, READ));
    }

    @Test
    void aDisabledUserIsUnauthenticated() {
        assertEquals(UNAUTHENTICATED,
                Access.decide(new Caller(true, false, false, "account-console", Set.of("manage-account")), READ));
    }

    @Test
    void readingNeedsViewProfileOrManageAccount() {
        assertEquals(ALLOWED, Access.decide(console("view-profile"), READ));
        assertEquals(ALLOWED, Access.decide(console("manage-account"), READ));
        assertEquals(FORBIDDEN, Access.decide(console("manage-account-links"), READ));
        assertEquals(FORBIDDEN, Access.decide(console(), READ));
    }

    @Test
    void writingNeedsManageAccount() {
        assertEquals(ALLOWED, Access.decide(console("manage-account"), WRITE));
        assertEquals(FORBIDDEN, Access.decide(console("view-profile"), WRITE));
    }

    @Test
    void aTokenOfAnotherClientIsForbiddenWhateverItsRoles() {
        Set<String> roles = Set.of("manage-account", "view-profile");
        assertEquals(FORBIDDEN, Access.decide(new Caller(true, true, false, "admin-cli", roles), READ));
        assertEquals(FORBIDDEN, Access.decide(new Caller(true, true, false, "account", roles), READ));
        assertEquals(FORBIDDEN, Access.decide(new Caller(true, true, false, null, roles), READ));
    }

    @Test
    void aServiceAccountIsForbidden() {
        assertEquals(FORBIDDEN,
                Access.decide(new Caller(true, true, true, "account-console", Set.of("manage-account")), READ));
    }
}

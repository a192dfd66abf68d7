package io.github.kcaccountconsole.extension.shared;

import java.util.Set;

import org.keycloak.models.AccountRoles;
import org.keycloak.models.Constants;

/**
 * Who may call the extension: the decision, apart from how the token was checked. A token must be issued for
 * Keycloak's account console ({@link Constants#ACCOUNT_CONSOLE_CLIENT_ID}) and carry a role of the account client
 * ({@link Constants#ACCOUNT_MANAGEMENT_CLIENT_ID}), as the Account REST API asks.
 */
public final class Access {

    private Access() {
    }

    public enum Need {
        /** Reading the user's own data: {@code view-profile} or {@code manage-account}. */
        READ,
        /** Changing it: {@code manage-account}, as for removing a credential through the Account API. */
        WRITE
    }

    public enum Decision {
        ALLOWED,
        /** No valid token of this realm, or its user cannot sign in: 401. */
        UNAUTHENTICATED,
        /** A valid token, but not the account console's, or without the role: 403. */
        FORBIDDEN
    }

    /**
     * What Keycloak's bearer check found. {@code authenticated} is false when there was no token or it failed the
     * realm's check (signature, issuer, expiry, active session).
     */
    public record Caller(boolean authenticated, boolean userEnabled, boolean serviceAccount, String issuedFor,
                         Set<String> accountRoles) {

        public static Caller anonymous() {
            return new Caller(false, false, false, null, Set.of());
        }
    }

    public static Decision decide(Caller caller, Need need) {
        if (caller == null || !caller.authenticated() || !caller.userEnabled()) {
            return Decision.UNAUTHENTICATED;
        }
        if (caller.serviceAccount() || !Constants.ACCOUNT_CONSOLE_CLIENT_ID.equals(caller.issuedFor())) {
            return Decision.FORBIDDEN;
        }
        Set<String> roles = caller.accountRoles() == null ? Set.of() : caller.accountRoles();
        boolean allowed = need == Need.WRITE
                ? roles.contains(AccountRoles.MANAGE_ACCOUNT)
                : roles.contains(AccountRoles.MANAGE_ACCOUNT) || roles.contains(AccountRoles.VIEW_PROFILE);
        return allowed ? Decision.ALLOWED : Decision.FORBIDDEN;
    }
}

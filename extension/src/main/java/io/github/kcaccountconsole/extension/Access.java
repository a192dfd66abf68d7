package io.github.kcaccountconsole.extension;

import java.util.Set;

/** Who may call the extension: the decision, apart from how the token was checked. */
public final class Access {

    /** The client a token must be issued for: Keycloak's account console. */
    public static final String ACCOUNT_CONSOLE_CLIENT = "account-console";
    /** The client whose roles grant access: Keycloak's account client. */
    public static final String ACCOUNT_CLIENT = "account";
    public static final String MANAGE_ACCOUNT = "manage-account";
    public static final String VIEW_PROFILE = "view-profile";

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
        if (caller.serviceAccount() || !ACCOUNT_CONSOLE_CLIENT.equals(caller.issuedFor())) {
            return Decision.FORBIDDEN;
        }
        Set<String> roles = caller.accountRoles() == null ? Set.of() : caller.accountRoles();
        boolean allowed = need == Need.WRITE
                ? roles.contains(MANAGE_ACCOUNT)
                : roles.contains(MANAGE_ACCOUNT) || roles.contains(VIEW_PROFILE);
        return allowed ? Decision.ALLOWED : Decision.FORBIDDEN;
    }
}

package io.github.kcaccountconsole.extension.apppasswords;

import org.keycloak.models.AuthenticationExecutionModel;
import org.keycloak.models.RealmModel;

/**
 * When a realm offers app passwords: one of its authentication flows has an execution of
 * {@link AppPasswordAuthenticator} that is not disabled. Whether a client uses that flow is the admin's choice (a
 * client's direct-grant flow override, or the realm's direct-grant binding); the console does not guess it.
 */
public final class AppPasswordsOffered {

    private AppPasswordsOffered() {
    }

    public static boolean offered(RealmModel realm) {
        return realm.getAuthenticationFlowsStream()
                .anyMatch(flow -> realm.getAuthenticationExecutionsStream(flow.getId())
                        .anyMatch(execution -> AppPasswordAuthenticator.ID.equals(execution.getAuthenticator())
                                && execution.getRequirement() != AuthenticationExecutionModel.Requirement.DISABLED));
    }
}

package io.github.kcaccountconsole.extension.shared;

import org.keycloak.models.KeycloakSession;

/** One feature's JAX-RS resource: the request's session, and the checks each of its endpoints runs first. */
public abstract class AccountResource {

    protected final KeycloakSession session;
    protected final Checks checks;

    protected AccountResource(KeycloakSession session, Checks checks) {
        this.session = session;
        this.checks = checks;
    }
}

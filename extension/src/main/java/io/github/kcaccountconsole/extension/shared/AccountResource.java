package io.github.kcaccountconsole.extension.shared;

import org.jboss.logging.Logger;
import org.keycloak.models.KeycloakSession;

/**
 * One feature's JAX-RS resource: the request's session, the checks each of its endpoints runs first, and the log of
 * what its endpoints changed, under the resource's own class name.
 */
public abstract class AccountResource {

    protected final Logger log = Logger.getLogger(getClass());
    protected final KeycloakSession session;
    protected final Checks checks;

    protected AccountResource(KeycloakSession session, Checks checks) {
        this.session = session;
        this.checks = checks;
    }
}

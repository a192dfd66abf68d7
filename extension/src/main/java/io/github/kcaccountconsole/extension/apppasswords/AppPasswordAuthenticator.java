package io.github.kcaccountconsole.extension.apppasswords;

import java.util.List;

import org.jboss.logging.Logger;
import org.keycloak.authentication.AuthenticationFlowContext;
import org.keycloak.authentication.authenticators.directgrant.AbstractDirectGrantAuthenticator;
import org.keycloak.authentication.authenticators.directgrant.ValidatePassword;
import org.keycloak.common.util.SecretGenerator;
import org.keycloak.credential.CredentialModel;
import org.keycloak.events.Details;
import org.keycloak.models.AuthenticationExecutionModel;
import org.keycloak.models.ClientModel;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.utils.KeycloakModelUtils;
import org.keycloak.provider.ProviderConfigProperty;
import org.keycloak.representations.idm.CredentialRepresentation;

import io.github.kcaccountconsole.extension.shared.AfterCommit;

/**
 * For direct-grant flows, after Keycloak's {@code direct-grant-validate-username}: accepts the request's
 * {@code password} only when it is one of the user's app passwords that has not expired, and only for a client whose
 * tokens cannot manage the account ({@link AppPasswordClientReach}). The account's password never signs in here, and
 * the browser's password form never checks an app password (its type is not {@code password}). Every refusal is
 * Keycloak's own direct-grant password step failing, so the answer, its time and the brute-force count are those of a
 * wrong password, and the username step refuses a locked-out user.
 */
public class AppPasswordAuthenticator extends AbstractDirectGrantAuthenticator {

    public static final String ID = "account-console-app-password";

    private static final Logger LOG = Logger.getLogger(AppPasswordAuthenticator.class);
    static final String EXECUTOR = "account-console-app-passwords";
    /** The flow path Keycloak's token endpoint gives a password grant's flow. */
    static final String TOKEN_FLOW_PATH = "token";

    private static final AuthenticationExecutionModel.Requirement[] CHOICES = {
        AuthenticationExecutionModel.Requirement.REQUIRED, AuthenticationExecutionModel.Requirement.ALTERNATIVE,
        AuthenticationExecutionModel.Requirement.DISABLED};

    @Override
    public void authenticate(AuthenticationFlowContext context) {
        UserModel user = context.getUser();
        context.getEvent().user(user).detail(Details.CREDENTIAL_TYPE, AppPasswords.CREDENTIAL_TYPE);
        // Only the token endpoint's password grant: a browser flow that an admin gave this step never takes one.
        if (!TOKEN_FLOW_PATH.equals(context.getFlowPath())) {
            refuse(context, "no_matching_app_password");
            return;
        }
        ClientModel client = context.getAuthenticationSession().getClient();
        String reach = AppPasswordClientReach.of(context.getRealm(), client);
        if (reach != null) {
            LOG.warnf("App password refused for client '%s' of realm '%s': its tokens could manage the account (%s). "
                    + "In the client's Client scopes: the dedicated scope's 'Full scope allowed' off and no role of "
                    + "the account or realm-management client mapped; 'basic' the only client scope.",
                    client.getClientId(), context.getRealm().getName(), reach);
            refuse(context, "client_reaches_account");
            return;
        }
        String normalized = AppPasswords.normalize(
                context.getHttpRequest().getDecodedFormParameters().getFirst(CredentialRepresentation.PASSWORD));
        long now = System.currentTimeMillis();
        List<CredentialModel> hinted = normalized == null ? List.of() : AppPasswordStore.credentials(user).stream()
                .filter(credential -> {
                    AppPasswordStore.Data data = AppPasswordStore.data(credential);
                    return data != null && AppPasswords.mayBe(data.hint(), normalized);
                })
                .toList();
        // Only unexpired ones are hashed: a refusal costs the same whatever was typed (Keycloak's one hash below).
        for (CredentialModel credential : hinted) {
            AppPasswordStore.Data data = AppPasswordStore.data(credential);
            if (!AppPasswords.expired(data.expires(), now)
                    && AppPasswordStore.matches(context.getSession(), credential, data, normalized)) {
                named(context, credential);
                if (AppPasswords.lastUsedWorthWriting(data.lastUsed(), now)) {
                    rememberUse(context.getSession(), context.getRealm().getId(), user.getId(), credential.getId(),
                            now);
                }
                context.success();
                return;
            }
        }
        // Named by its first letters alone, for the admin reading the events: a program still using an expired one.
        CredentialModel expired = hinted.stream()
                .filter(credential -> AppPasswords.expired(AppPasswordStore.data(credential).expires(), now))
                .findFirst()
                .orElse(null);
        if (expired != null) {
            named(context, expired);
            refuse(context, "app_password_expired");
            return;
        }
        refuse(context, "no_matching_app_password");
    }

    private static void named(AuthenticationFlowContext context, CredentialModel credential) {
        context.getEvent()
                .detail(Details.CREDENTIAL_ID, credential.getId())
                .detail(Details.CREDENTIAL_USER_LABEL, credential.getUserLabel());
    }

    /**
     * Refuses as Keycloak's own direct-grant password step refuses a wrong password, by running it: its status on
     * this version (401 on 26.0, 400 on 26.7), its body and event error, one hash of the user's password (the time of a
     * wrong password and of the unknown user's dummy hash) and a failure for its brute-force protection. Whoever
     * asks learns nothing more than from Keycloak's own direct grant.
     */
    private static void refuse(AuthenticationFlowContext context, String reason) {
        context.getEvent().detail(Details.REASON, reason);
        new NobodysPassword().authenticate(context);
    }

    /** Keycloak's direct-grant password step, given a password that no user has. */
    private static final class NobodysPassword extends ValidatePassword {
        /** Random and fresh each time: whatever password the user chose, this is not it. */
        private static final int LENGTH = 64;

        @Override
        protected String retrievePassword(AuthenticationFlowContext context) {
            return SecretGenerator.getInstance().randomString(LENGTH);
        }
    }

    /**
     * Writes the last use once the sign-in has committed, on a thread of its own (as the sign-in alerts write): a
     * token request never waits for it, and one that rolled back writes nothing.
     */
    private static void rememberUse(KeycloakSession session, String realmId, String userId, String credentialId,
            long now) {
        KeycloakSessionFactory factory = session.getKeycloakSessionFactory();
        AfterCommit.run(session, EXECUTOR, () -> touch(factory, realmId, userId, credentialId, now),
                () -> LOG.warnf("Last use of app password %s not written: the queue is full", credentialId));
    }

    private static void touch(KeycloakSessionFactory factory, String realmId, String userId, String credentialId,
            long now) {
        try {
            KeycloakModelUtils.runJobInTransaction(factory, session -> {
                RealmModel realm = session.realms().getRealm(realmId);
                if (realm == null) {
                    return;
                }
                // Keycloak's user store asks the session for its realm.
                session.getContext().setRealm(realm);
                UserModel user = session.users().getUserById(realm, userId);
                if (user != null) {
                    // Read again here: a write of another sign-in since the request's read makes this one unneeded.
                    AppPasswordStore.touch(realm, user, credentialId, now);
                }
            });
        } catch (RuntimeException failed) {
            LOG.warnf(failed, "Last use of app password %s not written", credentialId);
        }
    }

    @Override
    public boolean requiresUser() {
        return true;
    }

    @Override
    public boolean configuredFor(KeycloakSession session, RealmModel realm, UserModel user) {
        // A user without app passwords is refused like one with a wrong one, not asked to set one up.
        return true;
    }

    @Override
    public void setRequiredActions(KeycloakSession session, RealmModel realm, UserModel user) {
    }

    @Override
    public boolean isUserSetupAllowed() {
        return false;
    }

    @Override
    public String getDisplayType() {
        return "App password";
    }

    @Override
    public String getReferenceCategory() {
        return null;
    }

    @Override
    public boolean isConfigurable() {
        return false;
    }

    @Override
    public AuthenticationExecutionModel.Requirement[] getRequirementChoices() {
        return CHOICES.clone();
    }

    @Override
    public String getHelpText() {
        return "Direct grant only: checks the 'password' form parameter against the user's app passwords (made in the "
                + "account console), never the account's password. Put it after Username Validation.";
    }

    @Override
    public List<ProviderConfigProperty> getConfigProperties() {
        return List.of();
    }

    @Override
    public String getId() {
        return ID;
    }
}

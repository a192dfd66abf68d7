package io.github.kcaccountconsole.extension;

import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import jakarta.ws.rs.core.Response;

import org.jboss.logging.Logger;
import org.keycloak.authentication.AuthenticationFlowContext;
import org.keycloak.authentication.AuthenticationFlowError;
import org.keycloak.authentication.authenticators.directgrant.AbstractDirectGrantAuthenticator;
import org.keycloak.credential.CredentialModel;
import org.keycloak.events.Details;
import org.keycloak.events.Errors;
import org.keycloak.executors.ExecutorsProvider;
import org.keycloak.models.AbstractKeycloakTransaction;
import org.keycloak.models.AuthenticationExecutionModel;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.utils.KeycloakModelUtils;
import org.keycloak.provider.ProviderConfigProperty;
import org.keycloak.representations.idm.CredentialRepresentation;

/**
 * For direct-grant flows, after Keycloak's {@code direct-grant-validate-username}: accepts the request's
 * {@code password} only when it is one of the user's app passwords that has not expired. The account's password is
 * never checked here, and the browser's password form never checks an app password (its type is not
 * {@code password}). A refusal fails the flow as Keycloak's own direct-grant password check does, so Keycloak's
 * brute-force protection counts it and the username step refuses a locked-out user.
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
        String typed = context.getHttpRequest().getDecodedFormParameters().getFirst(CredentialRepresentation.PASSWORD);
        String normalized = AppPasswords.normalize(typed);
        long now = System.currentTimeMillis();
        CredentialModel matched = null;
        AppPasswordStore.Data matchedData = null;
        // Only the token endpoint's password grant: a browser flow that an admin gave this step never takes one.
        if (normalized != null && user != null && TOKEN_FLOW_PATH.equals(context.getFlowPath())) {
            // Unexpired ones whose hint the typed secret has first, then expired ones, to say which one expired.
            List<CredentialModel> candidates = AppPasswordStore.credentials(user).stream()
                    .filter(credential -> {
                        AppPasswordStore.Data data = AppPasswordStore.data(credential);
                        return data != null && AppPasswords.mayBe(data.hint(), normalized);
                    })
                    .sorted(Comparator.comparing(
                            credential -> AppPasswords.expired(AppPasswordStore.data(credential).expires(), now)))
                    .toList();
            for (CredentialModel credential : candidates) {
                AppPasswordStore.Data data = AppPasswordStore.data(credential);
                if (AppPasswordStore.matches(context.getSession(), credential, data, normalized)) {
                    matched = credential;
                    matchedData = data;
                    break;
                }
            }
        }
        context.getEvent().user(user);
        if (matched == null) {
            context.getEvent().detail(Details.CREDENTIAL_TYPE, AppPasswords.CREDENTIAL_TYPE);
            refuse(context, "no_matching_app_password");
            return;
        }
        context.getEvent()
                .detail(Details.CREDENTIAL_TYPE, AppPasswords.CREDENTIAL_TYPE)
                .detail(Details.CREDENTIAL_ID, matched.getId())
                .detail(Details.CREDENTIAL_USER_LABEL, matched.getUserLabel());
        if (AppPasswords.expired(matchedData.expires(), now)) {
            refuse(context, "app_password_expired");
            return;
        }
        if (AppPasswords.lastUsedWorthWriting(matchedData.lastUsed(), now)) {
            rememberUse(context.getSession(), context.getRealm().getId(), user.getId(), matched.getId(), now);
        }
        context.success();
    }

    /** As Keycloak's direct-grant password check refuses: {@code invalid_grant}, and a failure the flow counts. */
    private void refuse(AuthenticationFlowContext context, String reason) {
        context.getEvent().detail(Details.REASON, reason).error(Errors.INVALID_USER_CREDENTIALS);
        Response challenge = errorResponse(Response.Status.UNAUTHORIZED.getStatusCode(), "invalid_grant",
                "Invalid user credentials");
        context.failure(AuthenticationFlowError.INVALID_USER, challenge);
    }

    /**
     * Writes the last use once the sign-in has committed, on a thread of its own (as the sign-in alerts write): a
     * token request never waits for it, and one that rolled back writes nothing.
     */
    private static void rememberUse(KeycloakSession session, String realmId, String userId, String credentialId,
            long now) {
        KeycloakSessionFactory factory = session.getKeycloakSessionFactory();
        Executor executor = session.getProvider(ExecutorsProvider.class).getExecutor(EXECUTOR);
        session.getTransactionManager().enlistAfterCompletion(new AbstractKeycloakTransaction() {
            @Override
            protected void commitImpl() {
                try {
                    executor.execute(() -> touch(factory, realmId, userId, credentialId, now));
                } catch (RejectedExecutionException full) {
                    LOG.warnf("Last use of app password %s not written: the queue is full", credentialId);
                }
            }

            @Override
            protected void rollbackImpl() {
                // The sign-in did not happen.
            }
        });
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

package io.github.kcaccountconsole.extension.secondfactors;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jboss.logging.Logger;
import org.keycloak.authentication.AuthenticatorUtil;
import org.keycloak.credential.CredentialProvider;
import org.keycloak.credential.CredentialTypeMetadata;
import org.keycloak.credential.CredentialTypeMetadataContext;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.UserModel;

/**
 * Which of a user's credentials are second factors, and where one goes when its user makes it their default second
 * factor: just before the first of their second-factor credentials, so a password keeps its place ahead of them.
 *
 * <p>A second factor is a credential whose type Keycloak's own credential provider puts in the category
 * {@link CredentialTypeMetadata.Category#TWO_FACTOR} (the category the Account API reports for the type, and by which
 * the account console groups sign-in methods). Not one: a password ({@code BASIC_AUTHENTICATION}), a passkey that
 * signs in on its own ({@code PASSWORDLESS}), and a type that has no provider at all (the password's history, the
 * devices sign-in alerts remember). A custom type whose provider says {@code TWO_FACTOR} is one.
 */
public final class CredentialOrder {

    private static final Logger LOG = Logger.getLogger(CredentialOrder.class);

    /** The category of each credential type that has a provider, as that provider's metadata says. */
    private final Map<String, CredentialTypeMetadata.Category> categories;

    CredentialOrder(Map<String, CredentialTypeMetadata.Category> categories) {
        this.categories = Map.copyOf(categories);
    }

    /**
     * The categories of the credential types this server has providers for, read for this user as the Account API
     * reads them ({@code AuthenticatorUtil.getCredentialProviders}, then each provider's type metadata).
     */
    static CredentialOrder of(KeycloakSession session, UserModel user) {
        CredentialTypeMetadataContext context = CredentialTypeMetadataContext.builder().user(user).build(session);
        Map<String, CredentialTypeMetadata.Category> categories = new HashMap<>();
        AuthenticatorUtil.getCredentialProviders(session).forEach(provider -> {
            CredentialTypeMetadata.Category category = categoryOf(provider, context);
            if (provider.getType() != null && category != null) {
                categories.putIfAbsent(provider.getType(), category);
            }
        });
        return new CredentialOrder(categories);
    }

    private static CredentialTypeMetadata.Category categoryOf(CredentialProvider<?> provider,
            CredentialTypeMetadataContext context) {
        try {
            CredentialTypeMetadata metadata = provider.getCredentialTypeMetadata(context);
            return metadata == null ? null : metadata.getCategory();
        } catch (RuntimeException unreadable) {
            // A provider that cannot describe itself here makes its type no second factor; the rest still count.
            LOG.debugf(unreadable, "No metadata of credential type %s", provider.getType());
            return null;
        }
    }

    /** A stored credential of the user, in the user's priority order. */
    public record Stored(String id, String type) {
    }

    /** What to do. */
    public sealed interface Plan permits NotFound, NotSecondFactor, AlreadyDefault, MoveAfter {
    }

    /** The id is not one of the user's credentials. */
    public record NotFound() implements Plan {
    }

    /** The credential is not a second factor (a password, a passkey, a type without a provider). */
    public record NotSecondFactor(String type) implements Plan {
    }

    /** Nothing to change: the credential already comes before every other second factor. */
    public record AlreadyDefault() implements Plan {
    }

    /**
     * Move the credential to just after {@code previousId}, or to the very top when it is null (the argument pair
     * of Keycloak's {@code moveStoredCredentialTo}).
     */
    public record MoveAfter(String previousId) implements Plan {
    }

    /**
     * The user's second-factor credentials in priority order: the first is the one Keycloak offers first at sign-in
     * (it preselects it, and a flow with alternatives asks for its kind), whatever its kind.
     */
    public List<Stored> secondFactors(List<Stored> credentials) {
        return credentials.stream().filter(credential -> isSecondFactor(credential.type())).toList();
    }

    public boolean isSecondFactor(String type) {
        return type != null && categories.get(type) == CredentialTypeMetadata.Category.TWO_FACTOR;
    }

    /**
     * @param credentials the user's own credentials in priority order (highest first)
     * @param targetId the credential to make the default
     */
    public Plan plan(List<Stored> credentials, String targetId) {
        Stored target = credentials.stream().filter(c -> Objects.equals(c.id(), targetId)).findFirst().orElse(null);
        if (targetId == null || target == null) {
            return new NotFound();
        }
        if (!isSecondFactor(target.type())) {
            return new NotSecondFactor(target.type());
        }
        int firstSecondFactor = 0;
        while (!isSecondFactor(credentials.get(firstSecondFactor).type())) {
            firstSecondFactor++;
        }
        if (credentials.get(firstSecondFactor).id().equals(targetId)) {
            return new AlreadyDefault();
        }
        return new MoveAfter(firstSecondFactor == 0 ? null : credentials.get(firstSecondFactor - 1).id());
    }
}

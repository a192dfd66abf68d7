package io.github.kcaccountconsole.extension.apppasswords;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;


import org.jboss.logging.Logger;
import org.keycloak.credential.CredentialModel;
import org.keycloak.credential.hash.PasswordHashProvider;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.PasswordPolicy;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.credential.PasswordCredentialModel;
import org.keycloak.models.credential.dto.PasswordCredentialData;
import org.keycloak.util.JsonSerialization;

/**
 * A user's app passwords in Keycloak: each one a credential of {@link AppPasswords#CREDENTIAL_TYPE}, its name in the
 * credential's label, its hash in the secret data (as Keycloak keeps a password: the hash provider's salt and value),
 * and in the credential data the hash's algorithm and iterations, the expiry, the last use and a hint: the first
 * {@link AppPasswords#HINT_LETTERS} letters of the secret, so that a sign-in hashes only the app password whose hint
 * it types (one slow hash per attempt, not one per app password of the user). Every change goes
 * through the user's credential manager, so Keycloak's user cache forgets the user on every node of a cluster.
 */
public final class AppPasswordStore {

    private static final Logger LOG = Logger.getLogger(AppPasswordStore.class);

    /** What the credential data holds. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Data(@JsonProperty("hash") PasswordCredentialData hash, @JsonProperty("expires") Long expires,
            @JsonProperty("lastUsed") Long lastUsed, @JsonProperty("hint") String hint) {
    }

    /** One app password as the user sees it: never its secret nor its hash. */
    record Listed(String id, String name, long created, Long expires, Long lastUsed) {
    }

    private AppPasswordStore() {
    }

    public static List<CredentialModel> credentials(UserModel user) {
        return user.credentialManager().getStoredCredentialsByTypeStream(AppPasswords.CREDENTIAL_TYPE).toList();
    }

    static List<Listed> list(UserModel user) {
        return credentials(user).stream()
                .map(AppPasswordStore::listed)
                .sorted(Comparator.comparingLong(Listed::created).thenComparing(Listed::id))
                .toList();
    }

    static Listed listed(CredentialModel credential) {
        Data data = data(credential);
        Long created = credential.getCreatedDate();
        return new Listed(credential.getId(), credential.getUserLabel(), created == null ? 0 : created,
                data == null ? null : data.expires(), data == null ? null : data.lastUsed());
    }

    /** The credential data, or null when it cannot be read (such a credential never matches). */
    static Data data(CredentialModel credential) {
        try {
            return JsonSerialization.readValue(credential.getCredentialData(), Data.class);
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    /**
     * The hash provider of the realm's password policy, as Keycloak picks it for a new password: the policy's
     * algorithm, else the server's default one.
     */
    static PasswordHashProvider hashProvider(KeycloakSession session, PasswordPolicy policy) {
        String algorithm = policy == null ? null : policy.getHashAlgorithm();
        PasswordHashProvider provider = algorithm == null ? null
                : session.getProvider(PasswordHashProvider.class, algorithm);
        if (provider == null && algorithm != null) {
            LOG.warnf("The password policy's hash algorithm %s is not known; app passwords use the default", algorithm);
        }
        return provider != null ? provider : session.getProvider(PasswordHashProvider.class);
    }

    /**
     * The credential for a new app password: {@code secret} hashed by {@code hash} with the policy's iterations
     * ({@code -1}, Keycloak's "not set", leaves the provider's default).
     */
    static CredentialModel newCredential(PasswordHashProvider hash, PasswordPolicy policy, String secret, String name,
            Long expires, long now) {
        String normalized = AppPasswords.normalize(secret);
        PasswordCredentialModel hashed = hash.encodedCredential(normalized,
                policy == null ? -1 : policy.getHashIterations());
        CredentialModel credential = new CredentialModel();
        credential.setType(AppPasswords.CREDENTIAL_TYPE);
        credential.setUserLabel(name);
        credential.setCreatedDate(now);
        credential.setSecretData(hashed.getSecretData());
        credential.setCredentialData(write(new Data(hashed.getPasswordCredentialData(), expires, null,
                AppPasswords.hint(normalized))));
        return credential;
    }

    /** Whether {@code normalized} is the secret of {@code credential}, checked by the hash provider that made it. */
    static boolean matches(KeycloakSession session, CredentialModel credential, Data data, String normalized) {
        if (data == null || data.hash() == null) {
            return false;
        }
        PasswordHashProvider hash = session.getProvider(PasswordHashProvider.class, data.hash().getAlgorithm());
        if (hash == null) {
            LOG.warnf("App password %s was hashed by %s, which this server does not have", credential.getId(),
                    data.hash().getAlgorithm());
            return false;
        }
        return hash.verify(normalized, asPassword(credential, data));
    }

    /** The credential seen as Keycloak's password credential, the shape its hash providers verify. */
    static PasswordCredentialModel asPassword(CredentialModel credential, Data data) {
        CredentialModel copy = new CredentialModel();
        copy.setId(credential.getId());
        copy.setType(PasswordCredentialModel.TYPE);
        copy.setCreatedDate(credential.getCreatedDate());
        copy.setSecretData(credential.getSecretData());
        copy.setCredentialData(write(data.hash()));
        return PasswordCredentialModel.createFromCredentialModel(copy);
    }

    /** Writes {@code lastUsed} into the user's app password {@code id} when the rule says so (and it still exists). */
    static void touch(RealmModel realm, UserModel user, String id, long now) {
        CredentialModel credential = user.credentialManager().getStoredCredentialById(id);
        if (credential == null || !AppPasswords.CREDENTIAL_TYPE.equals(credential.getType())) {
            return;
        }
        Data data = data(credential);
        if (data == null || !AppPasswords.lastUsedWorthWriting(data.lastUsed(), now)) {
            return;
        }
        credential.setCredentialData(write(new Data(data.hash(), data.expires(), now, data.hint())));
        user.credentialManager().updateStoredCredential(credential);
        LOG.debugf("Last use of app password %s of user %s in realm %s written", id, user.getId(), realm.getName());
    }

    static String write(Object value) {
        try {
            return JsonSerialization.writeValueAsString(value);
        } catch (IOException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}

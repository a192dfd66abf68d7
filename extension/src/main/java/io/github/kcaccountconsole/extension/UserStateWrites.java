package io.github.kcaccountconsole.extension;

import java.io.IOException;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.keycloak.credential.CredentialModel;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.utils.KeycloakModelUtils;
import org.keycloak.util.JsonSerialization;

/**
 * The one way the extension's own per-user state changes (sign-in alerts' devices, when each sign-in method was last
 * used): one change at a time per user and kind across a cluster, after the sign-in has committed.
 *
 * <p>Two sign-ins at the same moment would otherwise both read the same state, each add its own part, and the later
 * write would drop the earlier one's. So a writer first puts a mark for the user and the kind into Keycloak's
 * single-use store ({@code putIfAbsent} is atomic for every node of a cluster: Keycloak relies on it to accept a
 * one-time action token once). Holding it, the writer reads the state in a transaction of its own, writes it only when
 * the change says so, commits, and then removes the mark. A writer that finds the mark waits a little and tries again.
 *
 * <p>The row's own version cannot serve: Keycloak's credential table has no optimistic-locking version on 26.0 (26.7
 * has one), and a version guards the row from its load to its update, not a read made earlier through the user
 * cache.
 */
final class UserStateWrites {

    /** How long a mark lives if its holder never removes it (a node that stopped in the middle of a write). */
    static final long MARK_SECONDS = 10;
    /** The waits between attempts while another change of the same user holds the mark: about 2.5 s in all. */
    static final long[] WAITS_MILLIS = {10, 20, 40, 80, 160, 320, 640, 1280};

    /** The cluster's single-use store: the two calls of Keycloak's {@code SingleUseObjectProvider} used here. */
    interface Marks {
        boolean putIfAbsent(String key, long seconds);

        void remove(String key);
    }

    /** A user's state and the credential that holds it (null before the first write). */
    record Stored<S>(S state, CredentialModel credential) {
    }

    /** The user's state inside one transaction. */
    interface Store<S> {
        Stored<S> read();

        void write(Stored<S> stored, S next);
    }

    /** Runs work in a transaction of its own that has committed when this returns; null when the user is gone. */
    interface Transactions<S> {
        <R> R run(Function<Store<S>, R> work);
    }

    /** What a change decided: the state to write ({@code null}: nothing that matters changed) and its result. */
    record Change<S, R>(S next, R result) {

        static <S, R> Change<S, R> none(R result) {
            return new Change<>(null, result);
        }
    }

    /**
     * One kind of state: JSON in the secret data of a credential of the user of its own type. Keycloak never returns
     * secret data through an API: the Account API lists only the credential types that have a credential provider
     * (these have none), the user profile never sees credentials, and the Admin API lists the credential's type and
     * date but not its secret data.
     *
     * @param fresh  the state of a user with none yet (or with one that cannot be read any more)
     * @param usable whether a state read back is whole; one that is not counts as none
     */
    record Kind<S>(String credentialType, Class<S> type, Supplier<S> fresh, Predicate<S> usable) {

        Stored<S> read(UserModel user) {
            CredentialModel credential = user.credentialManager().getStoredCredentialsByTypeStream(credentialType)
                    .findFirst().orElse(null);
            if (credential == null) {
                return new Stored<>(fresh.get(), null);
            }
            try {
                S state = JsonSerialization.readValue(credential.getSecretData(), type);
                return new Stored<>(state != null && usable.test(state) ? state : fresh.get(), credential);
            } catch (IOException | RuntimeException unreadable) {
                // Starting over costs what was remembered, nothing else.
                return new Stored<>(fresh.get(), credential);
            }
        }

        void write(UserModel user, Stored<S> stored, S next) {
            String secret;
            try {
                secret = JsonSerialization.writeValueAsString(next);
            } catch (IOException impossible) {
                throw new IllegalStateException("The state " + credentialType + " could not be written", impossible);
            }
            if (stored.credential() == null) {
                CredentialModel credential = new CredentialModel();
                credential.setType(credentialType);
                credential.setCreatedDate(System.currentTimeMillis());
                credential.setCredentialData("{}");
                credential.setSecretData(secret);
                user.credentialManager().createStoredCredential(credential);
            } else {
                stored.credential().setSecretData(secret);
                user.credentialManager().updateStoredCredential(stored.credential());
            }
        }

        /** The key of the user's mark for this kind. */
        String mark(String userId) {
            return credentialType + ":writing:" + userId;
        }
    }

    private UserStateWrites() {
    }

    /** {@link #apply(Marks, Transactions, String, Function, long[])} on Keycloak's stores. */
    static <S, R> Optional<R> apply(KeycloakSessionFactory factory, Kind<S> kind, String realmId, String userId,
            Function<S, Change<S, R>> change) throws InterruptedException {
        return apply(marks(factory), transactions(factory, kind, realmId, userId), kind.mark(userId), change,
                WAITS_MILLIS);
    }

    /**
     * Applies {@code change} to the user's current state while holding the mark. Empty when the user is gone, or when
     * another change held the mark through every wait (then nothing was read or written).
     */
    static <S, R> Optional<R> apply(Marks marks, Transactions<S> transactions, String mark,
            Function<S, Change<S, R>> change, long[] waits) throws InterruptedException {
        int attempt = 0;
        while (!marks.putIfAbsent(mark, MARK_SECONDS)) {
            if (attempt == waits.length) {
                return Optional.empty();
            }
            Thread.sleep(waits[attempt++]);
        }
        try {
            return Optional.ofNullable(transactions.run(store -> {
                Stored<S> stored = store.read();
                Change<S, R> decided = change.apply(stored.state());
                if (decided.next() != null) {
                    store.write(stored, decided.next());
                }
                return decided.result();
            }));
        } finally {
            marks.remove(mark);
        }
    }

    private static Marks marks(KeycloakSessionFactory factory) {
        return new Marks() {
            @Override
            public boolean putIfAbsent(String key, long seconds) {
                return KeycloakModelUtils.runJobInTransactionWithResult(factory,
                        session -> session.singleUseObjects().putIfAbsent(key, seconds));
            }

            @Override
            public void remove(String key) {
                KeycloakModelUtils.runJobInTransaction(factory, session -> session.singleUseObjects().remove(key));
            }
        };
    }

    private static <S> Transactions<S> transactions(KeycloakSessionFactory factory, Kind<S> kind, String realmId,
            String userId) {
        return new Transactions<>() {
            @Override
            public <R> R run(Function<Store<S>, R> work) {
                return KeycloakModelUtils.runJobInTransactionWithResult(factory, session -> {
                    RealmModel realm = session.realms().getRealm(realmId);
                    if (realm == null) {
                        return null;
                    }
                    session.getContext().setRealm(realm);
                    UserModel user = session.users().getUserById(realm, userId);
                    return user == null ? null : work.apply(new Store<>() {
                        @Override
                        public Stored<S> read() {
                            return kind.read(user);
                        }

                        @Override
                        public void write(Stored<S> stored, S next) {
                            kind.write(user, stored, next);
                        }
                    });
                });
            }
        };
    }
}

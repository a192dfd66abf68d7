package io.github.kcaccountconsole.extension.shared;

import java.io.IOException;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import jakarta.persistence.EntityManager;

import org.keycloak.credential.CredentialModel;
import org.keycloak.models.KeycloakSession;
import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.utils.KeycloakModelUtils;
import org.keycloak.util.JsonSerialization;

/**
 * The one way the extension's own per-user state changes (sign-in alerts' devices, when each sign-in method was last
 * used): one change at a time per user and kind across a cluster, after the sign-in has committed
 * ({@link AfterCommit}).
 *
 * <p>Two sign-ins at the same moment would otherwise both read the same state, each add its own part, and the later
 * write would drop the earlier one's. So a writer first puts a mark for the user and the kind into Keycloak's
 * single-use store ({@code putIfAbsent} is atomic for every node of a cluster: Keycloak relies on it to accept a
 * one-time action token once). Holding it, the writer reads the state in a transaction of its own, writes it only when
 * the change says so, commits, and then removes the mark. A writer that finds the mark waits a little and tries again.
 *
 * <p>A version column on the row could not serve instead: a user's first write inserts the row, which no version
 * guards, and a version guards a row only from its load to its update, not a read made earlier in the request.
 */
public final class UserStateWrites {

    /** How long a mark lives if its holder never removes it (a node that stopped in the middle of a write). */
    static final long MARK_SECONDS = 10;
    /** The waits between attempts while another change of the same user holds the mark: about 2.5 s in all. */
    static final long[] WAITS_MILLIS = {10, 20, 40, 80, 160, 320, 640, 1280};

    /** The cluster's single-use store: the two calls of Keycloak's {@code SingleUseObjectProvider} used here. */
    public interface Marks {
        boolean putIfAbsent(String key, long seconds);

        void remove(String key);
    }

    /**
     * A user's state, and whether an old credential of the user still holds it (the extension's state before its
     * own table, which the next write moves over and removes).
     */
    public record Stored<S>(S state, boolean inCredential) {
    }

    /** The user's state inside one transaction. */
    public interface Store<S> {
        public Stored<S> read();

        void write(S next);
    }

    /** Runs work in a transaction of its own that has committed when this returns; null when the user is gone. */
    public interface Transactions<S> {
        <R> R run(Function<Store<S>, R> work);
    }

    /** What a change decided: the state to write ({@code null}: nothing that matters changed) and its result. */
    public record Change<S, R>(S next, R result) {

        public static <S, R> Change<S, R> none(R result) {
            return new Change<>(null, result);
        }
    }

    /**
     * One kind of state: JSON in the user's row of that kind in the extension's own table ({@link UserStateEntity}),
     * read and written through Keycloak's JPA connection, in the caller's transaction. No Keycloak API lists it.
     *
     * @param name   the row's kind
     * @param fresh  the state of a user with none yet (or with one that cannot be read any more)
     * @param usable whether a state read back is whole; one that is not counts as none
     */
    public record Kind<S>(String name, Class<S> type, Supplier<S> fresh, Predicate<S> usable) {

        /**
         * The credential type that held this state before the table: the change log moved those of its time; one
         * written later (a node of an earlier release during a rolling update) is moved by the user's next write.
         */
        String credentialType() {
            return "account-console-" + name;
        }

        public Stored<S> read(KeycloakSession session, UserModel user) {
            UserStateEntity row = UserStateEntityProviderFactory.entityManager(session)
                    .find(UserStateEntity.class, new UserStateEntity.Key(user.getId(), name));
            // The user's credentials come from the user cache, which the sign-in has loaded already.
            CredentialModel credential = user.credentialManager().getStoredCredentialsByTypeStream(credentialType())
                    .findFirst().orElse(null);
            String json = row != null ? row.getState() : credential == null ? null : credential.getSecretData();
            return new Stored<>(parse(json), credential != null);
        }

        public S parse(String json) {
            if (json == null) {
                return fresh.get();
            }
            try {
                S state = JsonSerialization.readValue(json, type);
                return state != null && usable.test(state) ? state : fresh.get();
            } catch (IOException | RuntimeException unreadable) {
                // Starting over costs what was remembered, nothing else.
                return fresh.get();
            }
        }

        void write(KeycloakSession session, RealmModel realm, UserModel user, S next) {
            String json;
            try {
                json = JsonSerialization.writeValueAsString(next);
            } catch (IOException impossible) {
                throw new IllegalStateException("The state " + name + " could not be written", impossible);
            }
            EntityManager entities = UserStateEntityProviderFactory.entityManager(session);
            UserStateEntity row = entities.find(UserStateEntity.class, new UserStateEntity.Key(user.getId(), name));
            if (row == null) {
                row = new UserStateEntity(realm.getId(), user.getId(), name);
                row.write(json, System.currentTimeMillis());
                entities.persist(row);
            } else {
                row.write(json, System.currentTimeMillis());
            }
            user.credentialManager().getStoredCredentialsByTypeStream(credentialType()).map(CredentialModel::getId)
                    .toList().forEach(user.credentialManager()::removeStoredCredentialById);
        }

        /** The key of the user's mark for this kind. */
        public String mark(String userId) {
            return credentialType() + ":writing:" + userId;
        }
    }

    private UserStateWrites() {
    }

    /** {@link #apply(Marks, Transactions, String, Function, long[])} on Keycloak's stores. */
    public static <S, R> Optional<R> apply(KeycloakSessionFactory factory, Kind<S> kind, String realmId, String userId,
            Function<S, Change<S, R>> change) throws InterruptedException {
        return apply(marks(factory), transactions(factory, kind, realmId, userId), kind.mark(userId), change,
                WAITS_MILLIS);
    }

    /**
     * Applies {@code change} to the user's current state while holding the mark. Empty when the user is gone, or when
     * another change held the mark through every wait (then nothing was read or written).
     */
    public static <S, R> Optional<R> apply(Marks marks, Transactions<S> transactions, String mark,
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
                    store.write(decided.next());
                } else if (stored.inCredential()) {
                    // Nothing changed, but the state still sits in an old credential: moved, once.
                    store.write(stored.state());
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
                            return kind.read(session, user);
                        }

                        @Override
                        public void write(S next) {
                            kind.write(session, realm, user, next);
                        }
                    });
                });
            }
        };
    }
}

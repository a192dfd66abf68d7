package io.github.kcaccountconsole.extension;

import java.util.Optional;
import java.util.function.Function;

import org.keycloak.models.KeycloakSessionFactory;
import org.keycloak.models.RealmModel;
import org.keycloak.models.UserModel;
import org.keycloak.models.utils.KeycloakModelUtils;

/**
 * The one way a user's stored sign-in alert state changes, one change at a time per user across a cluster.
 *
 * <p>Two sign-ins at the same moment would otherwise both read the same list, each add its own device, and the later
 * write would drop the earlier one's device. So a writer first puts a mark for the user into Keycloak's single-use
 * store ({@code putIfAbsent} is atomic for every node of a cluster: Keycloak relies on it to accept a one-time action
 * token once). Holding it, the writer reads the state in a transaction of its own, writes it only when the change
 * says so, commits, and then removes the mark. A writer that finds the mark waits a little and tries again.
 *
 * <p>The row's own version cannot serve: Keycloak's credential table has no optimistic-locking version on 26.0 (26.7
 * has one), and a version guards the row from its load to its update, not a read made earlier through the user
 * cache.
 */
final class SignInAlertWrites {

    /** How long a mark lives if its holder never removes it (a node that stopped in the middle of a write). */
    static final long MARK_SECONDS = 10;
    /** The waits between attempts while another change of the same user holds the mark: about 2.5 s in all. */
    static final long[] WAITS_MILLIS = {10, 20, 40, 80, 160, 320, 640, 1280};

    private static final String MARK_PREFIX = SignInAlertState.CREDENTIAL_TYPE + ":writing:";

    /** The cluster's single-use store: the two calls of Keycloak's {@code SingleUseObjectProvider} used here. */
    interface Marks {
        boolean putIfAbsent(String key, long seconds);

        void remove(String key);
    }

    /** The user's state inside one transaction. */
    interface Store {
        SignInAlertState.Stored read();

        void write(SignInAlertState.Stored stored, SignInAlertState next);
    }

    /** Runs work in a transaction of its own that has committed when this returns; null when the user is gone. */
    interface Transactions {
        <R> R run(Function<Store, R> work);
    }

    /** What a change decided: the state to write ({@code null}: nothing that matters changed) and its result. */
    record Change<R>(SignInAlertState next, R result) {

        static <R> Change<R> none(R result) {
            return new Change<>(null, result);
        }
    }

    private SignInAlertWrites() {
    }

    /** {@link #apply(Marks, Transactions, String, Function, long[])} on Keycloak's stores. */
    static <R> Optional<R> apply(KeycloakSessionFactory factory, String realmId, String userId,
            Function<SignInAlertState, Change<R>> change) throws InterruptedException {
        return apply(marks(factory), transactions(factory, realmId, userId), userId, change, WAITS_MILLIS);
    }

    /**
     * Applies {@code change} to the user's current state while holding the user's mark. Empty when the user is gone,
     * or when another change held the mark through every wait (then nothing was read or written).
     */
    static <R> Optional<R> apply(Marks marks, Transactions transactions, String userId,
            Function<SignInAlertState, Change<R>> change, long[] waits) throws InterruptedException {
        String mark = MARK_PREFIX + userId;
        int attempt = 0;
        while (!marks.putIfAbsent(mark, MARK_SECONDS)) {
            if (attempt == waits.length) {
                return Optional.empty();
            }
            Thread.sleep(waits[attempt++]);
        }
        try {
            return Optional.ofNullable(transactions.run(store -> {
                SignInAlertState.Stored stored = store.read();
                Change<R> decided = change.apply(stored.state());
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

    private static Transactions transactions(KeycloakSessionFactory factory, String realmId, String userId) {
        return new Transactions() {
            @Override
            public <R> R run(Function<Store, R> work) {
                return KeycloakModelUtils.runJobInTransactionWithResult(factory, session -> {
                    RealmModel realm = session.realms().getRealm(realmId);
                    if (realm == null) {
                        return null;
                    }
                    session.getContext().setRealm(realm);
                    UserModel user = session.users().getUserById(realm, userId);
                    return user == null ? null : work.apply(new Store() {
                        @Override
                        public SignInAlertState.Stored read() {
                            return SignInAlertState.read(user);
                        }

                        @Override
                        public void write(SignInAlertState.Stored stored, SignInAlertState next) {
                            SignInAlertState.write(user, stored, next);
                        }
                    });
                });
            }
        };
    }
}

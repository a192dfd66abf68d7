package io.github.kcaccountconsole.extension.shared;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import org.keycloak.executors.ExecutorsProvider;
import org.keycloak.models.AbstractKeycloakTransaction;
import org.keycloak.models.KeycloakSession;

/**
 * Work that runs once the request's transaction has committed, on one of Keycloak's executors: a sign-in never waits
 * for it, and one that rolled back runs none. The one way a sign-in writes ({@link UserStateWrites} and app
 * passwords' last use).
 */
public final class AfterCommit {

    private AfterCommit() {
    }

    /** Runs {@code work} on that executor once the session's transaction commits; {@code whenFull} if it is full. */
    public static void run(KeycloakSession session, String executorName, Runnable work, Runnable whenFull) {
        Executor executor = session.getProvider(ExecutorsProvider.class).getExecutor(executorName);
        session.getTransactionManager().enlistAfterCompletion(new AbstractKeycloakTransaction() {
            @Override
            protected void commitImpl() {
                try {
                    executor.execute(work);
                } catch (RejectedExecutionException full) {
                    whenFull.run();
                }
            }

            @Override
            protected void rollbackImpl() {
                // The sign-in did not happen: nothing to write.
            }
        });
    }
}

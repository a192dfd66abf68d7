package io.github.kcaccountconsole.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.github.kcaccountconsole.extension.CredentialOrder.Stored;

class CredentialOrderTest {

    private static final Stored PASSWORD = new Stored("p", "password");
    private static final Stored PHONE = new Stored("o1", "otp");
    private static final Stored TABLET = new Stored("o2", "otp");
    private static final Stored KEY = new Stored("w1", "webauthn");
    private static final Stored PASSKEY = new Stored("w2", "webauthn-passwordless");

    private static List<String> ids(List<Stored> credentials) {
        return credentials.stream().map(Stored::id).toList();
    }

    /**
     * The order after the plan, carried out as Keycloak's {@code moveStoredCredentialTo(id, previousId)} does: the
     * credential goes just after {@code previousId}, or to the top when that is null; nothing moves otherwise.
     */
    private static List<String> after(List<Stored> credentials, String target) {
        List<String> order = new ArrayList<>(ids(credentials));
        if (CredentialOrder.plan(credentials, target) instanceof CredentialOrder.MoveAfter move) {
            order.remove(target);
            order.add(move.previousId() == null ? 0 : order.indexOf(move.previousId()) + 1, target);
        }
        return order;
    }

    @Test
    void theSecondOtpMovesBeforeTheFirstAndThePasswordKeepsItsPlace() {
        List<Stored> credentials = List.of(PASSWORD, PHONE, TABLET);
        assertEquals(new CredentialOrder.MoveAfter("p"), CredentialOrder.plan(credentials, "o2"));
        assertEquals(List.of("p", "o2", "o1"), after(credentials, "o2"));
    }

    @Test
    void aSecondFactorOfAnotherTypeMovesBeforeAllOthers() {
        List<Stored> credentials = List.of(PASSWORD, PHONE, TABLET, KEY);
        assertEquals(List.of("p", "w1", "o1", "o2"), after(credentials, "w1"));
    }

    @Test
    void withoutAPasswordTheCredentialGoesToTheTop() {
        List<Stored> credentials = List.of(PASSKEY, PHONE, TABLET);
        assertEquals(new CredentialOrder.MoveAfter(null), CredentialOrder.plan(credentials, "o2"));
        assertEquals(List.of("o2", "w2", "o1"), after(credentials, "o2"));
    }

    @Test
    void aPasswordBelowTheSecondFactorsStaysWhereItIs() {
        List<Stored> credentials = List.of(PHONE, PASSWORD, TABLET);
        assertEquals(List.of("o2", "o1", "p"), after(credentials, "o2"));
    }

    @Test
    void theFirstSecondFactorNeedsNoMove() {
        assertInstanceOf(CredentialOrder.AlreadyDefault.class, CredentialOrder.plan(List.of(PASSWORD, PHONE, TABLET), "o1"));
        assertEquals(List.of("p", "o1", "o2"), after(List.of(PASSWORD, PHONE, TABLET), "o1"));
    }

    @Test
    void anIdThatIsNotTheUsersIsNotFound() {
        assertInstanceOf(CredentialOrder.NotFound.class, CredentialOrder.plan(List.of(PASSWORD, PHONE), "someone-elses"));
        assertInstanceOf(CredentialOrder.NotFound.class, CredentialOrder.plan(List.of(PASSWORD, PHONE), null));
        assertInstanceOf(CredentialOrder.NotFound.class, CredentialOrder.plan(List.of(), "o1"));
    }

    @Test
    void thePasswordAndItsHistoryCannotBecomeTheDefault() {
        assertEquals(new CredentialOrder.NotSecondFactor("password"),
                CredentialOrder.plan(List.of(PASSWORD, PHONE), "p"));
        assertEquals(new CredentialOrder.NotSecondFactor("password-history"),
                CredentialOrder.plan(List.of(new Stored("h", "password-history"), PHONE), "h"));
    }
}

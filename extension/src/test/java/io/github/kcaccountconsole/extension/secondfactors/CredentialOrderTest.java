package io.github.kcaccountconsole.extension.secondfactors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.keycloak.credential.CredentialTypeMetadata.Category;

import io.github.kcaccountconsole.extension.secondfactors.CredentialOrder.Stored;

class CredentialOrderTest {

    private static final Stored PASSWORD = new Stored("p", "password");
    private static final Stored PHONE = new Stored("o1", "otp");
    private static final Stored TABLET = new Stored("o2", "otp");
    private static final Stored KEY = new Stored("w1", "webauthn");
    private static final Stored PASSKEY = new Stored("w2", "webauthn-passwordless");

    /** The categories of Keycloak's own credential providers, as their type metadata gives them. */
    private static final Map<String, Category> KEYCLOAK = Map.of(
            "password", Category.BASIC_AUTHENTICATION,
            "otp", Category.TWO_FACTOR,
            "webauthn", Category.TWO_FACTOR,
            "webauthn-passwordless", Category.PASSWORDLESS,
            "recovery-authn-codes", Category.TWO_FACTOR);
    private static final CredentialOrder ORDER = new CredentialOrder(KEYCLOAK);

    private static List<String> ids(List<Stored> credentials) {
        return credentials.stream().map(Stored::id).toList();
    }

    /**
     * The order after the plan, carried out as Keycloak's {@code moveStoredCredentialTo(id, previousId)} does: the
     * credential goes just after {@code previousId}, or to the top when that is null; nothing moves otherwise.
     */
    private static List<String> after(List<Stored> credentials, String target) {
        List<String> order = new ArrayList<>(ids(credentials));
        if (ORDER.plan(credentials, target) instanceof CredentialOrder.MoveAfter move) {
            order.remove(target);
            order.add(move.previousId() == null ? 0 : order.indexOf(move.previousId()) + 1, target);
        }
        return order;
    }

    @Test
    void theSecondOtpMovesBeforeTheFirstAndThePasswordKeepsItsPlace() {
        List<Stored> credentials = List.of(PASSWORD, PHONE, TABLET);
        assertEquals(new CredentialOrder.MoveAfter("p"), ORDER.plan(credentials, "o2"));
        assertEquals(List.of("p", "o2", "o1"), after(credentials, "o2"));
    }

    @Test
    void aSecondFactorOfAnotherTypeMovesBeforeAllOthers() {
        List<Stored> credentials = List.of(PASSWORD, PHONE, TABLET, KEY);
        assertEquals(List.of("p", "w1", "o1", "o2"), after(credentials, "w1"));
    }

    @Test
    void withoutAPasswordTheCredentialGoesToTheTop() {
        List<Stored> credentials = List.of(KEY, PHONE, TABLET);
        assertEquals(new CredentialOrder.MoveAfter(null), ORDER.plan(credentials, "o2"));
        assertEquals(List.of("o2", "w1", "o1"), after(credentials, "o2"));
    }

    @Test
    void aPasskeyThatSignsInAloneIsNoSecondFactorAndKeepsItsPlace() {
        List<Stored> credentials = List.of(PASSKEY, PHONE, TABLET);
        assertEquals(List.of("o1", "o2"), ids(ORDER.secondFactors(credentials)));
        assertEquals(new CredentialOrder.MoveAfter("w2"), ORDER.plan(credentials, "o2"));
        assertEquals(List.of("w2", "o2", "o1"), after(credentials, "o2"));
        assertEquals(new CredentialOrder.NotSecondFactor("webauthn-passwordless"), ORDER.plan(credentials, "w2"));
    }

    @Test
    void theCategoryDecidesNotTheTypesName() {
        Map<String, Category> categories = new HashMap<>(KEYCLOAK);
        categories.put("sms-code", Category.TWO_FACTOR);
        categories.put("magic-link", Category.PASSWORDLESS);
        CredentialOrder order = new CredentialOrder(categories);
        Stored sms = new Stored("s1", "sms-code");
        Stored link = new Stored("m1", "magic-link");
        Stored unknown = new Stored("u1", "no-provider-here");
        assertEquals(List.of("s1", "o1"), ids(order.secondFactors(List.of(PASSWORD, sms, link, unknown, PHONE))));
        assertEquals(new CredentialOrder.MoveAfter("p"), order.plan(List.of(PASSWORD, PHONE, sms), "s1"));
        assertInstanceOf(CredentialOrder.NotSecondFactor.class, order.plan(List.of(PASSWORD, link), "m1"));
        assertInstanceOf(CredentialOrder.NotSecondFactor.class, order.plan(List.of(PASSWORD, unknown), "u1"));
        // A server without the provider of a type counts none of its credentials.
        assertEquals(List.of(), ids(new CredentialOrder(Map.of()).secondFactors(List.of(PHONE, KEY))));
    }

    @Test
    void aPasswordBelowTheSecondFactorsStaysWhereItIs() {
        List<Stored> credentials = List.of(PHONE, PASSWORD, TABLET);
        assertEquals(List.of("o2", "o1", "p"), after(credentials, "o2"));
    }

    @Test
    void theFirstSecondFactorNeedsNoMove() {
        assertInstanceOf(CredentialOrder.AlreadyDefault.class, ORDER.plan(List.of(PASSWORD, PHONE, TABLET), "o1"));
        assertEquals(List.of("p", "o1", "o2"), after(List.of(PASSWORD, PHONE, TABLET), "o1"));
    }

    @Test
    void anIdThatIsNotTheUsersIsNotFound() {
        assertInstanceOf(CredentialOrder.NotFound.class, ORDER.plan(List.of(PASSWORD, PHONE), "someone-elses"));
        assertInstanceOf(CredentialOrder.NotFound.class, ORDER.plan(List.of(PASSWORD, PHONE), null));
        assertInstanceOf(CredentialOrder.NotFound.class, ORDER.plan(List.of(), "o1"));
    }

    @Test
    void thePasswordAndItsHistoryCannotBecomeTheDefault() {
        assertEquals(new CredentialOrder.NotSecondFactor("password"),
                ORDER.plan(List.of(PASSWORD, PHONE), "p"));
        assertEquals(new CredentialOrder.NotSecondFactor("password-history"),
                ORDER.plan(List.of(new Stored("h", "password-history"), PHONE), "h"));
    }

    @Test
    void theSecondFactorsAcrossKindsKeepThePriorityOrderWithoutThePassword() {
        List<Stored> credentials = List.of(PASSWORD, KEY, new Stored("h", "password-history"), PHONE, PASSKEY, TABLET);
        assertEquals(List.of("w1", "o1", "o2"), ids(ORDER.secondFactors(credentials)));
        assertEquals(List.of(), ORDER.secondFactors(List.of(PASSWORD)));
    }

    @Test
    void afterAMoveTheChosenCredentialHeadsTheSecondFactorsAcrossKinds() {
        List<Stored> credentials = List.of(PASSWORD, KEY, PHONE);
        List<String> order = after(credentials, "o1");
        assertEquals(List.of("p", "o1", "w1"), order);
    }

    @Test
    void aCredentialTypeWithoutProviderIsNoSecondFactor() {
        // The type the extension kept its sign-in alerts in before its own table: one may still arrive by an import.
        Stored alerts = new Stored("a", "account-console-sign-in-alerts");
        assertEquals(List.of("o1"), ids(ORDER.secondFactors(List.of(PASSWORD, alerts, PHONE))));
        assertEquals(List.of("p", "a", "o2", "o1"), after(List.of(PASSWORD, alerts, PHONE, TABLET), "o2"));
        assertInstanceOf(CredentialOrder.NotSecondFactor.class, ORDER.plan(List.of(PASSWORD, alerts), "a"));
    }
}

package io.github.kcaccountconsole.extension.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

class ApplicationSessionRequestTest {

    private static ApplicationSessionRequest.Refused refused(List<String> values) {
        return assertInstanceOf(ApplicationSessionRequest.Refused.class, ApplicationSessionRequest.read(values));
    }

    @Test
    void acceptsOneClientIdAsItIs() {
        assertEquals(new ApplicationSessionRequest.Accepted("shop"), ApplicationSessionRequest.read(List.of("shop")));
        // SAML clients are named by URLs; spaces and case are the client's own.
        assertEquals(new ApplicationSessionRequest.Accepted("https://sp.example.org/saml?x=1"),
                ApplicationSessionRequest.read(List.of("https://sp.example.org/saml?x=1")));
        assertEquals(new ApplicationSessionRequest.Accepted(" Shop "), ApplicationSessionRequest.read(List.of(" Shop ")));
    }

    @Test
    void acceptsTheLongestClientIdKeycloakStores() {
        String longest = "a".repeat(ApplicationSessionRequest.MAX_CLIENT_ID_LENGTH);
        assertEquals(new ApplicationSessionRequest.Accepted(longest), ApplicationSessionRequest.read(List.of(longest)));
    }

    @Test
    void refusesAMissingOrBlankClientId() {
        assertEquals("invalid_parameter", refused(null).code());
        assertEquals("invalid_parameter", refused(List.of()).code());
        assertEquals("invalid_parameter", refused(List.of("")).code());
        assertEquals("invalid_parameter", refused(List.of("   ")).code());
        assertEquals("invalid_parameter", refused(Arrays.asList((String) null)).code());
    }

    @Test
    void refusesTwoClientIds() {
        ApplicationSessionRequest.Refused twice = refused(List.of("shop", "mail"));
        assertEquals("invalid_parameter", twice.code());
        assertEquals("The parameter 'clientId' must be given once.", twice.description());
    }

    @Test
    void refusesAClientIdLongerThanKeycloakStores() {
        ApplicationSessionRequest.Refused tooLong =
                refused(List.of("a".repeat(ApplicationSessionRequest.MAX_CLIENT_ID_LENGTH + 1)));
        assertEquals("invalid_parameter", tooLong.code());
        assertEquals("The parameter 'clientId' is longer than 255 characters.", tooLong.description());
    }

    @Test
    void refusesTheAccountConsoleItself() {
        assertEquals("not_allowed", refused(List.of("account-console")).code());
        // Only the console's own client: the account client and look-alikes are ordinary client ids.
        assertEquals(new ApplicationSessionRequest.Accepted("account"), ApplicationSessionRequest.read(List.of("account")));
        assertEquals(new ApplicationSessionRequest.Accepted("Account-Console"),
                ApplicationSessionRequest.read(List.of("Account-Console")));
    }
}

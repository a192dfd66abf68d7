package io.github.kcaccountconsole.extension.organizations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LeavingTest {

    @Test
    void anUnmanagedMemberLeaves() {
        assertEquals(Leaving.Outcome.LEAVE, Leaving.decide(true, true, false));
    }

    @Test
    void aManagedMemberIsRefused() {
        assertEquals(Leaving.Outcome.MANAGED, Leaving.decide(true, true, true));
    }

    @Test
    void anUnknownOrganizationAndOneTheCallerIsNotInAreAnsweredAlike() {
        assertEquals(Leaving.Outcome.NOT_A_MEMBER, Leaving.decide(false, false, false));
        assertEquals(Leaving.Outcome.NOT_A_MEMBER, Leaving.decide(true, false, false));
        // Managed without membership cannot happen; it still tells nothing.
        assertEquals(Leaving.Outcome.NOT_A_MEMBER, Leaving.decide(true, false, true));
    }

    @Test
    void onlyAPlausibleIdIsLookedUp() {
        assertTrue(Leaving.plausibleId("0b2f6c1e-6f0d-4a51-9a3b-2d3c4e5f6a7b"));
        assertFalse(Leaving.plausibleId(null));
        assertFalse(Leaving.plausibleId(" "));
        assertFalse(Leaving.plausibleId("x".repeat(Leaving.MAX_ID_LENGTH + 1)));
    }

    @Test
    void anAccountDeletedByTheRemovalIsAManagedMembershipToUndo() {
        assertEquals(Leaving.Outcome.LEAVE, Leaving.afterRemoval(true));
        assertEquals(Leaving.Outcome.MANAGED, Leaving.afterRemoval(false));
    }
}

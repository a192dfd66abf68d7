package io.github.kcaccountconsole.extension.organizations;

/**
 * Whether the caller may leave an organization: the decision, apart from where its facts come from. A managed member
 * (one Keycloak created through the organization's identity provider) is refused, because Keycloak's
 * {@code OrganizationProvider.removeMember} deletes such a user's whole account.
 */
public final class Leaving {

    /** Keycloak's ids are UUIDs; anything much longer is no id of an organization and is not looked up. */
    static final int MAX_ID_LENGTH = 255;

    private Leaving() {
    }

    public enum Outcome {
        /** Unmanaged member: Keycloak removes the membership. */
        LEAVE,
        /** No such organization in this realm, or the caller is not a member: 404, telling nothing more. */
        NOT_A_MEMBER,
        /** Member through the organization's identity provider: refused, the account stays. */
        MANAGED
    }

    /** Whether a path's id is worth looking up. */
    static boolean plausibleId(String id) {
        return id != null && !id.isBlank() && id.length() <= MAX_ID_LENGTH;
    }

    /**
     * @param found   the realm has an organization of that id
     * @param member  the caller is a member of it
     * @param managed the membership is a managed one
     */
    public static Outcome decide(boolean found, boolean member, boolean managed) {
        if (!found || !member) {
            return Outcome.NOT_A_MEMBER;
        }
        return managed ? Outcome.MANAGED : Outcome.LEAVE;
    }

    /**
     * After {@code removeMember}: if the account is gone, the membership became managed after the checks (a sign-in
     * through the organization's identity provider won the race), and the request's transaction must be undone.
     *
     * @param accountStillThere the caller's user is still found in the realm
     */
    public static Outcome afterRemoval(boolean accountStillThere) {
        return accountStillThere ? Outcome.LEAVE : Outcome.MANAGED;
    }
}

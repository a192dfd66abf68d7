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
}

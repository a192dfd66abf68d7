package io.github.kcaccountconsole.extension;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Where a credential goes when its user makes it their default second factor: just before the first of their
 * second-factor credentials, so a password keeps its place ahead of them.
 */
public final class CredentialOrder {

    /** Credential types that are not second factors: the password and the history Keycloak keeps of it. */
    static final Set<String> NOT_SECOND_FACTORS = Set.of("password", "password-history");

    private CredentialOrder() {
    }

    /** A stored credential of the user, in the user's priority order. */
    public record Stored(String id, String type) {
    }

    /** What to do. */
    public sealed interface Plan permits NotFound, NotSecondFactor, AlreadyDefault, MoveAfter {
    }

    /** The id is not one of the user's credentials. */
    public record NotFound() implements Plan {
    }

    /** The credential is the user's password (or its history): it cannot become a second factor. */
    public record NotSecondFactor(String type) implements Plan {
    }

    /** Nothing to change: the credential already comes before every other second factor. */
    public record AlreadyDefault() implements Plan {
    }

    /**
     * Move the credential to just after {@code previousId}, or to the very top when it is null (the argument pair
     * of Keycloak's {@code moveStoredCredentialTo}).
     */
    public record MoveAfter(String previousId) implements Plan {
    }

    public static boolean isSecondFactor(String type) {
        return type != null && !NOT_SECOND_FACTORS.contains(type);
    }

    /**
     * @param credentials the user's own credentials in priority order (highest first)
     * @param targetId the credential to make the default
     */
    public static Plan plan(List<Stored> credentials, String targetId) {
        Stored target = credentials.stream().filter(c -> Objects.equals(c.id(), targetId)).findFirst().orElse(null);
        if (targetId == null || target == null) {
            return new NotFound();
        }
        if (!isSecondFactor(target.type())) {
            return new NotSecondFactor(target.type());
        }
        int firstSecondFactor = 0;
        while (!isSecondFactor(credentials.get(firstSecondFactor).type())) {
            firstSecondFactor++;
        }
        if (credentials.get(firstSecondFactor).id().equals(targetId)) {
            return new AlreadyDefault();
        }
        return new MoveAfter(firstSecondFactor == 0 ? null : credentials.get(firstSecondFactor - 1).id());
    }
}

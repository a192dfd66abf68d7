package io.github.kcaccountconsole.extension;

import org.keycloak.services.resource.RealmResourceProvider;

/** One request's provider: hands JAX-RS the resource that answers it. */
public class AccountConsoleExtensionProvider implements RealmResourceProvider {

    private final ExtensionResource resource;

    AccountConsoleExtensionProvider(ExtensionResource resource) {
        this.resource = resource;
    }

    @Override
    public Object getResource() {
        return resource;
    }

    @Override
    public void close() {
    }
}

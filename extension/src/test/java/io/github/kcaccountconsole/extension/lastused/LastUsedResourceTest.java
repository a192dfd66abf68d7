package io.github.kcaccountconsole.extension.lastused;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.github.kcaccountconsole.extension.shared.Answers;

class LastUsedResourceTest {

    @Test
    void aLastUseOfOnlyATypeSaysSo() {
        assertEquals("{\"lastUsed\":[{\"credentialId\":null,\"type\":\"password\",\"time\":1}]}",
                new String(Answers.write(new LastUsedResource.LastUses(
                        List.of(new LastUsedResource.LastUse(null, "password", 1)))), StandardCharsets.UTF_8));
    }
}

package io.github.kcaccountconsole.extension.messages;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;

class MessagesTest {

    @Test
    void acceptsLanguageTagsAndRefusesAnythingElse() {
        for (String tag : new String[] {"en", "pt-BR", "zh-Hant", "de-CH-1996"}) {
            assertTrue(Messages.validLanguageTag(tag), tag);
        }
        for (String tag : new String[] {null, "", "e", "en_US", "../en", "en-", "x".repeat(36), "en-" + "a".repeat(33)}) {
            assertFalse(Messages.validLanguageTag(tag), String.valueOf(tag));
        }
    }

    @Test
    void writesTheTextsAsOneObjectWithSortedKeys() {
        Properties texts = new Properties();
        texts.setProperty("signOut", "Sign out");
        texts.setProperty("apply", "Don't \"apply\" {0}");
        assertEquals("{\"apply\":\"Don't \\\"apply\\\" {0}\",\"signOut\":\"Sign out\"}",
                new String(Messages.body(texts), StandardCharsets.UTF_8));
    }

    @Test
    void theSameTextsGiveTheSameETagAndAnOverrideChangesIt() {
        Properties texts = new Properties();
        texts.setProperty("signOut", "Sign out");
        String first = Messages.etag(Messages.body(texts), false);
        assertTrue(first.matches("[0-9a-f]{32}"), first);
        assertEquals(first, Messages.etag(Messages.body((Properties) texts.clone()), false));
        texts.setProperty("signOut", "Leave");
        assertNotEquals(first, Messages.etag(Messages.body(texts), false));
    }

    @Test
    void theGzippedFormHasATagOfItsOwn() {
        Properties texts = new Properties();
        texts.setProperty("signOut", "Sign out");
        byte[] body = Messages.body(texts);
        assertEquals(Messages.etag(body, false) + "-gzip", Messages.etag(body, true));
    }

    @Test
    void gzipsOnlyForABrowserThatTakesIt() {
        assertTrue(Messages.acceptsGzip("gzip, deflate, br, zstd"));
        assertTrue(Messages.acceptsGzip("br;q=1.0, gzip;q=0.8"));
        assertTrue(Messages.acceptsGzip("*"));
        assertFalse(Messages.acceptsGzip("gzip;q=0"));
        assertFalse(Messages.acceptsGzip("gzip; q=0.000, identity"));
        assertFalse(Messages.acceptsGzip("identity"));
        assertFalse(Messages.acceptsGzip(null));
    }

    @Test
    void gzipRoundTrips() throws IOException {
        byte[] body = "{\"a\":\"A\"}".repeat(100).getBytes(StandardCharsets.UTF_8);
        byte[] zipped = Messages.gzip(body);
        assertTrue(zipped.length < body.length / 5, "compressed " + zipped.length);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(zipped))) {
            assertArrayEquals(body, in.readAllBytes());
        }
    }
}

package io.github.kcaccountconsole.extension.messages;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

import io.github.kcaccountconsole.extension.shared.Answers;

/**
 * The account texts of one language, as the console reads them: the same keys and values as Keycloak's
 * {@code /resources/{realm}/account/{locale}} (the theme's bundles with the realm's overrides), written as one
 * {@code {key: value}} object, gzipped when the browser accepts it, with an ETag so that a reload revalidates. Keycloak's
 * own endpoint sends its list uncompressed (about 43 KB for English); this is about a quarter of that.
 */
final class Messages {

    /** A BCP 47 tag as Keycloak's locales use them ("en", "pt-BR", "zh-Hant"); at most 35 characters. */
    private static final Pattern LANGUAGE_TAG = Pattern.compile("[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,5}");
    static final int MAX_TAG_LENGTH = 35;

    private Messages() {
    }

    static boolean validLanguageTag(String tag) {
        return tag != null && tag.length() <= MAX_TAG_LENGTH && LANGUAGE_TAG.matcher(tag).matches();
    }

    /** The texts as JSON, keys sorted, so that the same texts give the same bytes (and the same ETag). */
    static byte[] body(Properties texts) {
        Map<String, Object> sorted = new TreeMap<>();
        for (String key : texts.stringPropertyNames()) {
            sorted.put(key, texts.getProperty(key));
        }
        return Answers.write(sorted);
    }

    /**
     * The value of the strong ETag of the texts as sent (without quotes): the same texts give the same value, any
     * change of a text a new one. The gzipped form has a value of its own, since a strong tag names one
     * representation, byte for byte.
     */
    static String etag(byte[] body, boolean gzipped) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(body);
            StringBuilder hex = new StringBuilder();
            for (int i = 0; i < 16; i++) {
                hex.append(String.format("%02x", digest[i]));
            }
            return gzipped ? hex + "-gzip" : hex.toString();
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", impossible);
        }
    }

    /** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String part : acceptEncoding.split(",")) {
            String[] pieces = part.trim().split(";");
            String coding = pieces[0].trim().toLowerCase();
            if (!coding.equals("gzip") && !coding.equals("*")) {
                continue;
            }
            boolean refused = false;
            for (int i = 1; i < pieces.length; i++) {
                String parameter = pieces[i].trim().replace(" ", "");
                if (parameter.matches("q=0(\\.0{0,3})?")) {
                    refused = true;
                }
            }
            if (!refused) {
                return true;
            }
        }
        return false;
    }

    static byte[] gzip(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length / 3 + 64);
        try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
            zip.write(body);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
        return out.toByteArray();
    }
}

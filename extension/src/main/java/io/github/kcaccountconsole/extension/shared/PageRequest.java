package io.github.kcaccountconsole.extension.shared;

import jakarta.ws.rs.core.Response;

/** A page of a list (activity, lasting access): where it starts and how many rows it holds, both within fixed bounds. */
public record PageRequest(int first, int max) {

    public static final int DEFAULT_MAX = 20;
    public static final int MAX_PAGE_SIZE = 50;
    /**
     * The deepest start: 20 pages of 50. The store reads and skips every row before the page, so the bound keeps the
     * cost of one request bounded too (docs/extension.md, "The events query on older servers").
     */
    public static final int MAX_FIRST = 1_000;

    /**
     * Reads {@code first} and {@code max} from the query. Missing or blank values take the defaults (0 and 20).
     * {@code first} below 0 becomes 0 and above 1000 becomes 1000; {@code max} below 1 becomes 1 and above 50
     * becomes 50. A value that is not a whole number is refused.
     *
     * @throws IllegalArgumentException naming the parameter when a value is not a whole number
     */
    public static PageRequest parse(String first, String max) {
        int start = clamp(number("first", first, 0), 0, MAX_FIRST);
        int size = clamp(number("max", max, DEFAULT_MAX), 1, MAX_PAGE_SIZE);
        return new PageRequest(start, size);
    }

    /** {@link #parse} for an endpoint: a value that is not a whole number is answered 400 invalid_parameter. */
    public static PageRequest of(String first, String max) {
        try {
            return parse(first, max);
        } catch (IllegalArgumentException invalid) {
            throw Answers.error(Response.Status.BAD_REQUEST, "invalid_parameter", invalid.getMessage());
        }
    }

    private static long number(String name, String value, int fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        String text = value.trim();
        // Digits only, with an optional sign: no decimals, exponents, hex or words. A very long number is still a
        // number: it is read as the bound it exceeds instead of overflowing.
        if (!text.matches("[+-]?[0-9]{1,100}")) {
            throw new IllegalArgumentException("The parameter '" + name + "' must be a whole number.");
        }
        String digits = text.replaceFirst("^[+-]", "").replaceFirst("^0+(?=.)", "");
        boolean negative = text.startsWith("-");
        if (digits.length() > 12) {
            return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        long parsed = Long.parseLong(digits);
        return negative ? -parsed : parsed;
    }

    private static int clamp(long value, int low, int high) {
        return (int) Math.max(low, Math.min(high, value));
    }
}

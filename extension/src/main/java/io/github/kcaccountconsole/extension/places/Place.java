package io.github.kcaccountconsole.extension.places;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * An approximate place, as an IP geolocation database has it: a city and a region when it knows them, and the country
 * as its ISO 3166 code (the console and the mail name it in the reader's language). A missing part is {@code null}.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"city", "region", "country"})
public record Place(String city, String region, String country) {
}

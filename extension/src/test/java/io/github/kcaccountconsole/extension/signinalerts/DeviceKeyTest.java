package io.github.kcaccountconsole.extension.signinalerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class DeviceKeyTest {

    @Test
    void theBrowserFamilyLeavesTheVersionOut() {
        assertEquals("Chrome", DeviceKey.family("Chrome/120.0.6099"));
        assertEquals("Firefox", DeviceKey.family("Firefox"));
        assertEquals("Other", DeviceKey.family(null));
        assertEquals("Other", DeviceKey.family(" "));
        assertEquals("Other", DeviceKey.os(""));
        assertEquals("Mac OS X", DeviceKey.os("Mac OS X"));
    }

    @Test
    void anIpv4AddressCountsByItsSlash24() {
        assertEquals("192.0.2.0/24", DeviceKey.network("192.0.2.77"));
        assertEquals(DeviceKey.network("192.0.2.1"), DeviceKey.network("192.0.2.254"));
        assertNotEquals(DeviceKey.network("192.0.2.1"), DeviceKey.network("192.0.3.1"));
    }

    @Test
    void anIpv6AddressCountsByItsSlash48() {
        assertEquals(DeviceKey.network("2001:db8:1:aaaa::1"), DeviceKey.network("2001:db8:1:bbbb::2%eth0"));
        assertNotEquals(DeviceKey.network("2001:db8:1::1"), DeviceKey.network("2001:db8:2::1"));
        assertEquals("2001:db8:1:0:0:0:0:0/48", DeviceKey.network("2001:db8:1:ffff::1"));
    }

    @Test
    void whatIsNotAnAddressIsNeverLookedUp() {
        assertEquals("unknown", DeviceKey.network("example.org"));
        assertEquals("unknown", DeviceKey.network(null));
        assertEquals("unknown", DeviceKey.network("999.1.1.1"));
    }

    @Test
    void theHashDependsOnTheSaltAndEveryPartOfTheKey() {
        String key = DeviceKey.of("Firefox", "Windows", "192.0.2.0/24");
        assertEquals(64, DeviceKey.hash("salt", key).length());
        assertEquals(DeviceKey.hash("salt", key), DeviceKey.hash("salt", key));
        assertNotEquals(DeviceKey.hash("salt", key), DeviceKey.hash("other salt", key));
        assertNotEquals(DeviceKey.hash("salt", key),
                DeviceKey.hash("salt", DeviceKey.of("Firefox", "Linux", "192.0.2.0/24")));
    }
}

import type { TFunction } from "i18next";
import type { DeviceRepresentation, SessionRepresentation } from "../../../api/representations";

export type SessionRow = { device: DeviceRepresentation; session: SessionRepresentation; index: number };

/** A device as the page shows it: its sessions always a list. */
export type OrderedDevice = DeviceRepresentation & { sessions: SessionRepresentation[] };

/** The current device first and, within it, the current session first; nothing else moves. Never mutates. */
export function orderDevices(devices: DeviceRepresentation[]): OrderedDevice[] {
  const currentFirst = <T extends { current?: boolean }>(items: T[]) => [
    ...items.filter((item) => item.current),
    ...items.filter((item) => !item.current),
  ];
  return currentFirst(devices.map((device) => ({ ...device, sessions: currentFirst(device.sessions ?? []) })));
}

/**
 * The devices with their online sessions only, where Lasting access lists the offline ones: Keycloak's devices list
 * holds both, and an application's offline session would show twice, with a sign-out here and "End access" there. A
 * session is online when Keycloak's sessions list has it, and is shown as that list has it (an offline session may
 * share its id, with other applications in it). A device left without a session is left out. Never mutates.
 */
export function onlineOnly(devices: DeviceRepresentation[], online: SessionRepresentation[]): DeviceRepresentation[] {
  const byId = new Map(online.map((session) => [session.id, session]));
  return devices.flatMap((device) => {
    const shown = new Map<string, SessionRepresentation>();
    for (const session of device.sessions ?? []) {
      const current = byId.get(session.id);
      if (current && !shown.has(session.id)) shown.set(session.id, current);
    }
    return shown.size > 0 ? [{ ...device, sessions: [...shown.values()] }] : [];
  });
}

/** "Linux 6.1 / Chrome 130", with unknown parts said plainly. */
export function deviceTitle(device: DeviceRepresentation, t: TFunction): string {
  const os = device.os && device.os.toLowerCase() !== "other" ? device.os : t("unknownOperatingSystem");
  const version = device.osVersion && device.osVersion.toLowerCase() !== "unknown" ? ` ${device.osVersion}` : "";
  const browser = device.browser ? ` / ${device.browser}` : "";
  return `${os}${version}${browser}`;
}

export function sessionCount(devices: DeviceRepresentation[]): number {
  return devices.reduce((sum, device) => sum + (device.sessions?.length ?? 0), 0);
}

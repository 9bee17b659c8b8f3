import { isIPv4 } from "node:net";

/**
 * Whether a socket's peer address is this machine: 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6
 * address (how a dual-stack listener reports an IPv4 peer). Anything else, or no address, is remote.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === "::1") return true;
  const ipv4 = address.replace(/^::ffff:/i, "");
  return isIPv4(ipv4) && ipv4.startsWith("127.");
}

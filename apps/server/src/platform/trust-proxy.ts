import { isIP } from "node:net";

/**
 * Which proxies may tell the client's address (X-Forwarded-For) and protocol: none (the socket's peer is
 * the client), the nearest N hops, or the proxies with these addresses or ranges. Fastify's `trustProxy`
 * takes each form as it is.
 */
export type TrustProxy = false | number | string[];

// proxy-addr's names for the reserved ranges, which Fastify understands too.
const RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: empty or "false" trusts no proxy; a whole number trusts that many hops; otherwise a
 * comma-separated list of proxy addresses, CIDR ranges or range names. "true" (trust any sender) is
 * refused: every client could then choose its own address.
 */
export function parseTrustProxy(raw: string | undefined, fail: (message: string) => Error): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "" || ["false", "off", "no", "0"].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined)
    throw fail(
      `TRUST_PROXY must be a hop count such as 1, or proxy addresses and CIDR ranges separated by commas (such as 10.0.0.5,192.168.0.0/16); "${bad || value}" is neither. See docs/deploy.md.`,
    );
  return entries;
}

/** The form Fastify's types take: a hop count becomes "trust the nearest N hops", as Fastify does itself. */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/**
 * IP addresses as bytes, and the kinds that are not the public Internet:
 * loopback, private, link-local, CGNAT, multicast, reserved, cloud metadata,
 * and every IPv6 form that carries one of those IPv4 addresses inside it. The
 * one address classification of mcpkit: the fetch server's policy and the
 * OAuth client's both read it.
 *
 * Only canonical text reaches here (what a resolver returns, or what the
 * WHATWG URL parser made of `0x7f.1`, `2130706433` or `0177.0.0.1`), so the
 * parsing is strict. Runtime-neutral: no `node:net`.
 *
 * @module
 */

const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIPv4(text: string): boolean {
  return V4.test(text);
}

/** IPv6 text: at most one `::`, hex groups of 1 to 4 digits, an optional trailing dotted quad, an optional zone id. */
function isIPv6(text: string): boolean {
  const bare = text.replace(/%[\w.~-]+$/, '');
  if (!/^[0-9a-fA-F:.]+$/.test(bare) || !bare.includes(':')) return false;
  const halves = bare.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const all = halves.flatMap(groupsOf);
  const last = all.at(-1) ?? '';
  const quad = last.includes('.');
  if (quad && !isIPv4(last)) return false;
  const hex = quad ? all.slice(0, -1) : all;
  if (!hex.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const words = hex.length + (quad ? 2 : 0);
  return halves.length === 2 ? words <= 7 : words === 8;
}

/** What an address is, when it is not a public one. */
export type AddressKind =
  'unspecified' | 'loopback' | 'private' | 'link-local' | 'shared (CGNAT)' | 'multicast' | 'reserved' | 'cloud metadata';

/** Parses dotted-quad IPv4 into 4 bytes. */
function v4Bytes(text: string): number[] {
  return text.split('.').map(Number);
}

/** Parses any IPv6 text Node accepts (`::`, a trailing dotted quad, a zone id) into 16 bytes. */
function v6Bytes(text: string): number[] {
  // A trailing dotted quad becomes its two 16-bit groups.
  const hex = text
    .replace(/%.*$/, '')
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a: string, b: string, c: string, d: string) =>
      [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((w) => w.toString(16)).join(':'),
    );
  const [left = '', right] = hex.split('::');
  const groups = (s: string): number[] => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const words = [...l, ...Array<number>(8 - l.length - r.length).fill(0), ...r];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/** The bytes of an IP address (4 or 16), or undefined if `text` is not one. */
export function ipBytes(text: string): number[] | undefined {
  const unbracketed = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (isIPv4(unbracketed)) return v4Bytes(unbracketed);
  if (isIPv6(unbracketed)) return v6Bytes(unbracketed);
  return undefined;
}

/** An IPv4 range: first bytes of the prefix and its length in bits. */
type Range = readonly [prefix: readonly number[], bits: number, kind: AddressKind];

const V4_RANGES: readonly Range[] = [
  [[169, 254, 169, 254], 32, 'cloud metadata'], // AWS, GCP, Azure, DigitalOcean, OpenStack...
  [[100, 100, 100, 200], 32, 'cloud metadata'], // Alibaba Cloud
  [[192, 0, 0, 192], 32, 'cloud metadata'], // Oracle Cloud
  [[0], 8, 'unspecified'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'shared (CGNAT)'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'reserved'],
  [[192, 88, 99], 24, 'reserved'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'],
  [[198, 51, 100], 24, 'reserved'],
  [[203, 0, 113], 24, 'reserved'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

const V6_RANGES: readonly Range[] = [
  [[0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54], 128, 'cloud metadata'], // AWS fd00:ec2::254
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, 'reserved'], // 100::/64 discard
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'], // documentation
  [[0x20, 0x01, 0x00, 0x00], 32, 'reserved'], // Teredo: hides an IPv4 address, obfuscated
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48, 'reserved'], // local-use NAT64
  [[0xfc], 7, 'private'], // unique local
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'private'], // site-local (deprecated)
  [[0xff], 8, 'multicast'],
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const have = bytes[bit / 8] ?? 0;
    const want = prefix[bit / 8] ?? 0;
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if ((have & mask) !== (want & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 address carries, where one means that IPv4 host. */
function embeddedV4(b: readonly number[]): number[] | undefined {
  const zeros = (from: number, to: number): boolean => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 12)) return b.slice(12); // ::a.b.c.d (compatible; also :: and ::1 handled before)
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.slice(12); // 64:ff9b::/96 NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6); // 2002::/16 6to4
  return undefined;
}

/** The kind of `text` (an IP address), or undefined if it is a public address (or no address at all). */
export function addressKind(text: string): AddressKind | undefined {
  const bytes = ipBytes(text);
  if (bytes === undefined) return undefined;
  if (bytes.length === 4) return V4_RANGES.find((r) => inRange(bytes, r))?.[2];
  if (bytes.every((x) => x === 0)) return 'unspecified';
  if (bytes.slice(0, 15).every((x) => x === 0) && bytes[15] === 1) return 'loopback';
  const v4 = embeddedV4(bytes);
  if (v4 !== undefined) return V4_RANGES.find((r) => inRange(v4, r))?.[2];
  return V6_RANGES.find((r) => inRange(bytes, r))?.[2];
}

/** Host names that mean this machine, whatever DNS says. */
const LOOPBACK_NAMES = /^(localhost|.*\.localhost)\.?$/;
/** Host names of cloud metadata services, whatever DNS says. */
const METADATA_NAMES = /^(metadata|metadata\.google\.internal|metadata\.goog|instance-data|instance-data\.ec2\.internal)\.?$/;

/**
 * The kind of a URL's host as far as it can be told without resolving it:
 * an address literal's kind, `loopback` for `localhost` names, `cloud
 * metadata` for the metadata services' names; undefined for any other name
 * (judge it by what it resolves to).
 */
export function hostKind(hostname: string): AddressKind | undefined {
  const host = hostname.toLowerCase();
  if (METADATA_NAMES.test(host)) return 'cloud metadata';
  if (LOOPBACK_NAMES.test(host)) return 'loopback';
  return addressKind(host);
}

/** "a loopback", "an unspecified": the article for a kind in a sentence. */
export function withArticle(kind: AddressKind): string {
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

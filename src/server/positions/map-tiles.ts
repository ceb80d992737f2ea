/**
 * Where the maps' tiles come from (docs/decisions/0009-drivers.md, "Positions, ETA and maps"):
 * `MAP_TILE_URL` is a Leaflet template such as `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`.
 */
export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The Content-Security-Policy source that lets the browser load the template's tiles: its scheme
 * and host, with a placeholder in the host's first label (`{s}`, the tile servers' letters) as
 * CSP's `*.` wildcard. Undefined when the template cannot be read as such (a placeholder deeper
 * in the host has no CSP equivalent).
 */
export function tileImageSource(template: string): string | undefined {
  if (!URL.canParse(template)) return undefined;
  const { protocol, host } = new URL(template);
  if (protocol !== 'https:' && protocol !== 'http:') return undefined;
  const [first = '', ...rest] = host.split('.');
  if (rest.some((label) => label.includes('{'))) return undefined;
  if (!first.includes('{')) return `${protocol}//${host}`;
  return rest.length > 1 ? `${protocol}//*.${rest.join('.')}` : undefined;
}

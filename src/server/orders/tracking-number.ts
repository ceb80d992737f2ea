import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: the number is read aloud on the phone and typed from paper. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function randomGroup(length: number): string {
  let group = '';
  for (let i = 0; i < length; i += 1) group += ALPHABET[randomInt(ALPHABET.length)];
  return group;
}

/** e.g. MA-7K3Q-9ZP2: 31^8 ≈ 8.5 × 10^11 possibilities, so numbers cannot be guessed in turn. */
export function generateTrackingNumber(): string {
  return `MA-${randomGroup(4)}-${randomGroup(4)}`;
}

export const TRACKING_NUMBER_PATTERN = /^MA-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

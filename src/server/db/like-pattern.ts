/** A user's search text, matched literally inside LIKE/ILIKE (no wildcards of their own). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** "Fatima Zahra Benali" → "FB": first and last initials stand in for a photo. */
export function initialsOf(name: string) {
  const words = name.split(' ').filter(Boolean);
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`;
}

/** `API_TEST_DB=postgres` runs the API tests on `TEST_DATABASE_URL`; otherwise on PGlite. */
export function usesPostgres(): string | undefined {
  if (process.env.API_TEST_DB !== 'postgres') return undefined;
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('API_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

/** The database's own words (a failed query's cause), not the query text drizzle wraps around them. */
export function errorText(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error && cause.message ? cause.message : "Unknown error";
}

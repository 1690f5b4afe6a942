/**
 * The rows of a raw `db.execute(sql\`…\`)` result. Both drivers (node-postgres and PGlite) return
 * `{ rows }`, but the shared `Db` type cannot know the row shape, so the caller names it.
 * Cast numbers in SQL (`count(*)::int`): node-postgres returns bigint as a string.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

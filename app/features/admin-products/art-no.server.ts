/** An ArtNo from the URL or a form: a positive integer within PostgreSQL's integer, else null. */
export function artNoOf(value: FormDataEntryValue | string | null | undefined): number | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 0 && n <= 2_147_483_647 ? n : null;
}

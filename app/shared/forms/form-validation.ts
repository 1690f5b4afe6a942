import type { z } from "zod";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type Validation<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/**
 * Validates with a zod schema shared by browser and server; on failure the first message per field
 * (the schemas carry the Dutch texts of the spec).
 */
export function validateFields<T, F extends string>(schema: z.ZodType<T>, input: unknown): Validation<T, F> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors<F> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as F;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The named fields of a posted form as plain strings (missing = ""); anything else posted is ignored. */
export function formStrings<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  const values = {} as Record<F, string>;
  for (const field of fields) {
    const v = form.get(field);
    values[field] = typeof v === "string" ? v : "";
  }
  return values;
}

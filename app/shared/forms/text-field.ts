import { z } from "zod";
import { hasInvalidCharacters, INVALID_CHARACTERS_MESSAGE, type TextRules } from "./text-input";

/**
 * A string schema that first refuses invalid characters with the Dutch field message and stops there
 * (abort), so that message is the field's first; chain the field's own rules after it
 * (`.trim().min(…)`). `message` is the answer for a missing or non-string value.
 */
export function textField(message?: string, rules: TextRules = {}) {
  return z
    .string(message === undefined ? undefined : { message })
    .refine((value) => !hasInvalidCharacters(value, rules), { message: INVALID_CHARACTERS_MESSAGE, abort: true });
}

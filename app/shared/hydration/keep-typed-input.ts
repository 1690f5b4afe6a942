/** Fields whose text a shopper types (or the browser fills in); checkboxes, files and hidden fields are left alone. */
const TYPED = new Set(["text", "search", "email", "tel", "url", "password", "number"]);

/**
 * Hands React what a shopper typed, or the browser filled in (autofill, form restore on reload),
 * before the page hydrated. React keeps such text in the field while it hydrates, but the
 * component's state still holds the server's value: the next render emptied the field again (a
 * search term typed on a slow phone, a coupon code) or ignored it (no suggestions).
 *
 * For each field that no longer shows what the server rendered, React is told the field held the
 * server's value (its value setter records it), the text is put back past that setter, and an
 * `input` event lets React see the difference and call the field's onChange as for a keystroke.
 * Run once, after the first document has hydrated.
 */
export function keepInputTypedBeforeHydration(): void {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    if (field instanceof HTMLInputElement && !TYPED.has(field.type)) continue;
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    const setValueUnseen = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")!.set!;
    field.value = field.defaultValue;
    setValueUnseen.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

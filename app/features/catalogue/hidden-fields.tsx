/** Hidden inputs that carry the rest of the page state through a GET form. */
export function HiddenFields({ fields }: { fields: [string, string][] }) {
  return (
    <>
      {fields.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The name/value pairs of a canonical query string, minus the keys the form itself sets. */
export function fieldsOf(search: string, omit: (key: string) => boolean): [string, string][] {
  return [...new URLSearchParams(search)].filter(([key]) => !omit(key));
}

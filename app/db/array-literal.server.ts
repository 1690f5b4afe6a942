/**
 * PostgreSQL array literals sent as ONE bound parameter (`${intArrayLiteral(ids)}::int[]`): a list
 * of thousands of values as one parameter each is slow to send, parse and plan.
 */

/** One text element, quoted, with its backslashes and double quotes escaped. */
export const arrayItem = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

export const intArrayLiteral = (items: readonly (number | null)[]) =>
  `{${items.map((v) => (v === null ? "NULL" : String(Math.trunc(v)))).join(",")}}`;

export const textArrayLiteral = (items: readonly (string | null)[]) =>
  `{${items.map((v) => (v === null ? "NULL" : arrayItem(v))).join(",")}}`;

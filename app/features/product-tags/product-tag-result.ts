/** The product page's answer to a tag change: the toast to show (spec 2 §8). */
export type ProductTagResult = {
  ok: boolean;
  intent: "tag-add" | "tag-remove";
  title: string;
  description?: string;
  tag?: string;
};

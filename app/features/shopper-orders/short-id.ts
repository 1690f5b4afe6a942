/** The order number shoppers and the admin see: the first 8 characters of the order's uuid (spec 1 §2.11). */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

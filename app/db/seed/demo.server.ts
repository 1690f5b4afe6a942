import type { Db } from "~/db/client.server";
import type { Logger } from "~/lib/logger.server";

// Placeholder: the deterministic demo catalogue is generated here.
export async function seedDemoIfEmpty(_db: Db, _logger: Logger): Promise<null | Record<string, number>> {
  return null;
}

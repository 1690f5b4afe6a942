import type { DeactivationHold } from "./schema";

export type { DeactivationHold };

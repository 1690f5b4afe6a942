import type { DeactivationHold } from "~/db/schema/supplier-feed";

export type { DeactivationHold };

export * from "./catalog";
export * from "./content";
export * from "./mail";
export * from "./accounts";
export * from "./orders";
export * from "./coupons";
export * from "./payments";
export * from "./jobs";

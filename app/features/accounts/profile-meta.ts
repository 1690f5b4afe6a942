import type { MetaArgs } from "react-router";
import { rootOrigin } from "~/shared/page/root-data";
import { pageMeta } from "~/shared/page/seo";

/** /profile and /account show the same page, under one canonical address. */
export function profilePageMeta({ matches }: Pick<MetaArgs, "matches">) {
  return pageMeta({
    title: "Mijn account",
    description: "Je gegevens bij Trapkracht.",
    origin: rootOrigin(matches),
    path: "/profile",
    noindex: true,
  });
}

import type { ComponentProps, SyntheticEvent } from "react";
import { blogImageChain } from "~/domain/content/blog-images";

/**
 * A blog image with its fallback chain (hero → thumbnail → default). The first fallback sits in
 * `data-fallback`, which the global handler (app/lib/image-fallback.ts) swaps in even before
 * hydration; once that one is showing, this component points `data-fallback` at the next in line.
 */
export function BlogImage({
  featuredImage,
  thumbnail,
  ...props
}: { featuredImage: string | null; thumbnail: string | null } & Omit<ComponentProps<"img">, "src">) {
  const chain = blogImageChain(featuredImage, thumbnail);
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    const img = event.currentTarget;
    const current = chain.findIndex((src) => img.src.endsWith(src));
    const next = chain[current + 1];
    if (next) img.dataset.fallback = next;
    // The global capture listener ran first; if it did not swap (already on this fallback), do it here.
    if (next && current >= 0 && chain[current] === img.getAttribute("src")) img.src = next;
  };
  return (
    <img
      src={chain[0]}
      data-fallback={chain[1]}
      data-fallback-chain={chain.join(" ")}
      onError={onError}
      {...props}
    />
  );
}

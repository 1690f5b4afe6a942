import { useEffect, useRef, type ComponentProps } from "react";
import { blogImageChain } from "./blog-images";

/**
 * A blog image with its fallback chain (hero → thumbnail → default). `data-fallback` always names
 * the next image in line: the global handler (app/shared/ui/image-fallback.ts) swaps to it when the
 * current one breaks, even before hydration. After hydration this component moves `data-fallback`
 * one step on after every swap, and catches up if images already broke before it ran.
 */
export function BlogImage({
  featuredImage,
  thumbnail,
  ...props
}: { featuredImage: string | null; thumbnail: string | null } & Omit<ComponentProps<"img">, "src">) {
  const chain = blogImageChain(featuredImage, thumbnail);
  const chainKey = chain.join(" ");
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    if (!img) return;
    const steps = chainKey.split(" ");
    const position = () => steps.findIndex((src) => img.src.endsWith(src));
    const step = () => {
      let i = position();
      // Broken and nobody swapped it (the global handler had no further fallback then): move on ourselves.
      while (img.complete && img.naturalWidth === 0 && i >= 0 && steps[i + 1]) {
        img.src = steps[i + 1]!;
        i = position();
      }
      const next = steps[i + 1];
      if (next) img.dataset.fallback = next;
    };
    step();
    img.addEventListener("error", step);
    return () => img.removeEventListener("error", step);
  }, [chainKey]);

  return <img ref={ref} src={chain[0]} data-fallback={chain[1]} data-fallback-chain={chainKey} {...props} />;
}

/** Shown when a post has neither a hero image nor a thumbnail, or both fail to load (spec 1 §2.14). */
export const DEFAULT_BLOG_IMAGE = "/media/blog/default-hero.svg";

/**
 * The image chain of a blog hero: featured image → thumbnail → default. Returns what to load
 * first and the remaining fallbacks, in order, for the browser to try when one is broken.
 */
export function blogImageChain(featuredImage: string | null, thumbnail: string | null): string[] {
  const chain = [featuredImage, thumbnail, DEFAULT_BLOG_IMAGE].filter(
    (src): src is string => !!src && src.trim() !== "",
  );
  return [...new Set(chain)];
}

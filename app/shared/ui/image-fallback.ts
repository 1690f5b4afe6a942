/**
 * Broken images fall back to their `data-fallback` (spec 1 §2.4). One document-level listener
 * instead of onError props: it also covers images that failed before hydration, and needs no
 * inline handlers (which the CSP forbids).
 */
export function installImageFallback(doc: Document) {
  const swap = (img: HTMLImageElement) => {
    const fallback = img.dataset.fallback;
    if (!fallback || img.src.endsWith(fallback)) return;
    // A srcset candidate would win over src (migrated images have one in product cards).
    img.removeAttribute("srcset");
    img.src = fallback;
  };
  doc.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement) swap(event.target);
    },
    true,
  );
  doc.querySelectorAll<HTMLImageElement>("img[data-fallback]").forEach((img) => {
    if (img.complete && img.naturalWidth === 0) swap(img);
  });
}

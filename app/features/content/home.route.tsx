import type { Route } from "./+types/home.route";
import { BlogCard } from "./blog-card";
import { ProductCard } from "~/features/catalogue/components";
import { rootOrigin } from "~/shared/page/root-data";
import { HeroCarousel } from "./hero-carousel";
import { HomeSection, InfoCards, SportvoedingTile } from "./home-sections";
import { getFeaturedProducts } from "~/features/catalogue/index.server";
import { listBlogPosts } from "./blog.server";
import { listActiveSlides } from "~/features/carousel/index.server";
import { pageMeta, SHOP_NAME } from "~/shared/page/seo";

/** The layout lets the header overlay the hero carousel. */
export const handle = { heroHeader: true };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: SHOP_NAME,
    description:
      "Fietsonderdelen, onderhoudsmiddelen en sportvoeding. Gratis verzending vanaf €50, voor 18:00 besteld is binnen 1 werkdag bezorgd.",
    origin: rootOrigin(matches),
    path: "/",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const [slides, featured, posts] = await Promise.all([
    listActiveSlides(context.db),
    getFeaturedProducts(context.db, 4),
    listBlogPosts(context.db, { limit: 2 }),
  ]);
  // Featured products are a random pick per render; the page cache (server/page-cache.ts) keeps a
  // render a few seconds, so the pick still changes from visit to visit.
  return { slides, featured, posts };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, featured, posts } = loaderData;
  return (
    <div>
      <h1 className="sr-only">Trapkracht: fietsonderdelen, onderhoud en sportvoeding</h1>
      <HeroCarousel slides={slides} />

      <div className="mx-auto mt-10 max-w-7xl px-4 sm:px-6">
        <SportvoedingTile />
      </div>

      {featured.length > 0 ? (
        <div className="mt-14">
          <HomeSection
            id="uitgelicht"
            title="Uitgelichte producten"
            more={{ to: "/products", label: "Alle producten" }}
          >
            <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {featured.map((product) => (
                <li key={product.artNo} className="flex [&>article]:w-full">
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          </HomeSection>
        </div>
      ) : null}

      <div className="mt-14">
        <HomeSection id="service" title="Waarom Trapkracht">
          <InfoCards />
        </HomeSection>
      </div>

      {posts.length > 0 ? (
        <div className="mt-14">
          <HomeSection id="blog" title="Laatste blogposts" more={{ to: "/blog", label: "Naar de blog" }}>
            <ul className="grid gap-6 md:grid-cols-2">
              {posts.map((post) => (
                <li key={post.slug} className="flex [&>article]:w-full">
                  <BlogCard post={post} />
                </li>
              ))}
            </ul>
          </HomeSection>
        </div>
      ) : null}
    </div>
  );
}

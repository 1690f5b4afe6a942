import type { Route } from "./+types/blog.route";
import { BlogCard } from "./blog-card";
import { rootOrigin } from "~/shared/page/root-data";
import { listBlogPosts } from "./blog.server";
import { pageMeta } from "~/shared/page/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Blog",
    description: "Tips over sportvoeding, training en fietsonderhoud van de specialisten van Trapkracht.",
    origin: rootOrigin(matches),
    path: "/blog",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  return { posts: await listBlogPosts(context.db) };
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <div>
      <header className="border-b border-line bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-8 sm:px-6 sm:pt-14">
          <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">Blog</h1>
          <p className="mt-3 max-w-2xl text-base text-muted sm:text-lg">
            Praktische kennis voor onderweg: sportvoeding, training en het onderhoud van je fiets.
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        {posts.length === 0 ? (
          <p className="text-muted">Er zijn nog geen blogposts. Kom binnenkort terug!</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Blogposts">
            {posts.map((post) => (
              <li key={post.slug} className="flex [&>article]:w-full">
                <BlogCard post={post} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

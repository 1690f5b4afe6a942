import { data, isRouteErrorResponse, Link } from "react-router";
import { ArrowLeft, CalendarDays, User } from "lucide-react";
import type { Route } from "./+types/blog-post.route";
import { BlogImage } from "./blog-image";
import { rootOrigin } from "~/shared/page/root-data";
import { buttonVariants } from "~/shared/ui/button";
import { sanitizeSupplierHtml } from "~/features/catalogue/index.server";
import { getBlogPost } from "./blog.server";
import { formatDutchDate } from "./format-date";
import { pageMeta } from "~/shared/page/seo";
import { textParam } from "~/shared/forms/text-input";

const NOT_FOUND_TITLE = "Blogpost Niet Gevonden";

export function meta({ data: loaderData, matches, params, error }: Route.MetaArgs) {
  const origin = rootOrigin(matches);
  if (!loaderData) {
    // Only a real 404 is a missing post: a failed lookup (database away) is an error page.
    const missing = !error || (isRouteErrorResponse(error) && error.status === 404);
    return pageMeta({
      title: missing ? NOT_FOUND_TITLE : "Fout bij laden blogpost",
      description: missing ? "Deze blogpost bestaat niet (meer)." : "Kon de blogpost niet laden.",
      origin,
      path: `/blog/${params.slug}`,
      noindex: true,
    });
  }
  const { post } = loaderData;
  return pageMeta({
    title: post.title,
    description: post.excerpt,
    origin,
    path: `/blog/${post.slug}`,
    image: post.featuredImage ?? post.thumbnail ?? undefined,
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = textParam(params.slug);
  const post = slug === null ? null : await getBlogPost(context.db, slug);
  if (!post) throw data(null, { status: 404 });
  // Stored HTML is the shop's own, but it is sanitised on the way out all the same.
  const { contentHtml, ...rest } = post;
  return { post: { ...rest, html: sanitizeSupplierHtml(contentHtml) } };
}

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article>
      <header className="bg-brand-50">
        <div className="mx-auto max-w-3xl px-4 pt-8 sm:px-6 sm:pt-12">
          <Link
            to="/blog"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Alle blogposts
          </Link>
          <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight text-brand-900 sm:text-4xl">
            {post.title}
          </h1>
          <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden className="size-4" />
              <time dateTime={post.publishedOn}>{formatDutchDate(post.publishedOn)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <User aria-hidden className="size-4" />
              <span>
                <span className="sr-only">Auteur: </span>
                {post.author}
              </span>
            </span>
          </p>
          <p className="mt-4 text-lg text-ink/80">{post.excerpt}</p>
        </div>
      </header>
      {/* The hero straddles the header band: its upper half on the header colour, the rest on white. */}
      <div className="bg-gradient-to-b from-brand-50 from-50% to-white to-50% pt-8">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <div className="aspect-[16/9] overflow-hidden rounded-xl bg-surface shadow-sm">
            <BlogImage
              featuredImage={post.featuredImage}
              thumbnail={post.thumbnail}
              alt=""
              width={1280}
              height={720}
              fetchPriority="high"
              className="size-full object-cover"
            />
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <div className="prose-shop" dangerouslySetInnerHTML={{ __html: post.html }} />
        <footer className="mt-12 border-t border-line pt-6">
          <Link to="/blog" className={buttonVariants({ variant: "outline" })}>
            <ArrowLeft aria-hidden />
            Terug naar de blog
          </Link>
        </footer>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{notFound ? NOT_FOUND_TITLE : "Er is een fout opgetreden"}</h1>
      <p className="mt-4 text-muted">
        {notFound
          ? "Deze blogpost bestaat niet (meer). Misschien is de link verouderd of verkeerd overgenomen."
          : "De blogpost kon niet worden geladen. Probeer het later opnieuw."}
      </p>
      <Link to="/blog" className={buttonVariants({ className: "mt-8" })}>
        Naar alle blogposts
      </Link>
    </div>
  );
}

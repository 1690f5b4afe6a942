import { Link } from "react-router";
import { CalendarDays, User } from "lucide-react";
import type { BlogPostSummary } from "./blog";
import { formatDutchDate } from "./format-date";
import { BlogImage } from "./blog-image";

/** A post teaser (blog list and home page): image, date, title linking to the article, excerpt. */
export function BlogCard({ post, headingLevel = 3 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-line bg-white transition-shadow hover:shadow-md">
      <div className="aspect-[16/9] overflow-hidden bg-surface">
        <BlogImage
          featuredImage={post.thumbnail}
          thumbnail={null}
          alt=""
          loading="lazy"
          decoding="async"
          width={640}
          height={360}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden className="size-3.5" />
            <time dateTime={post.publishedOn}>{formatDutchDate(post.publishedOn)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <User aria-hidden className="size-3.5" />
            {post.author}
          </span>
        </p>
        <Heading className="text-lg leading-snug font-semibold text-ink group-hover:text-brand-700">
          <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-sm text-muted">{post.excerpt}</p>
        <span aria-hidden className="mt-auto pt-2 text-sm font-medium text-brand-700">
          Lees verder →
        </span>
      </div>
    </article>
  );
}

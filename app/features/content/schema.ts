import { boolean, date, index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

export const carouselSlides = pgTable("homepage_carousel", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  title: text("title").notNull(),
  text: text("text"),
  bgImage: text("bg_image").notNull(),
  ctaText: text("cta_text"),
  ctaLink: text("cta_link"),
  highlight: text("highlight"),
  isActive: boolean("is_active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  /** Optional Amsterdam calendar days the home page shows the slide from and through (ADR 0038). */
  startsOn: date("starts_on", { mode: "string" }),
  endsOn: date("ends_on", { mode: "string" }),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    publishedOn: date("published_on", { mode: "string" }).notNull(),
    author: text("author").notNull(),
    thumbnail: text("thumbnail"),
    featuredImage: text("featured_image"),
    /** Trusted HTML written by the shop, sanitised again on render. */
    contentHtml: text("content_html").notNull(),
  },
  (t) => [index("blog_posts_published_idx").on(t.publishedOn)],
);

export const quizQuestions = pgTable("quiz_questions", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  position: smallint("position").notNull(),
  statement: text("statement").notNull(),
  isTrue: boolean("is_true").notNull(),
  explanation: text("explanation").notNull(),
});

/** A single row (id 1) of shop-wide settings. */
export const siteSettings = pgTable("site_settings", {
  id: smallint("id").primaryKey().default(1),
  maintenanceMode: boolean("maintenance_mode").notNull().default(false),
  shippingFeeCents: integer("shipping_fee_cents").notNull().default(495),
  freeShippingThresholdCents: integer("free_shipping_threshold_cents").notNull().default(5000),
  /** Shown to shoppers when set (admin); otherwise the configured SHOP_EMAIL is used. */
  customerServiceEmail: text("customer_service_email"),
  /** The supplier's order endpoint as set in the admin (API Connection); wins over SUPPLIER_API_URL. */
  supplierApiUrl: text("supplier_api_url"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits, shared by every app instance on the database. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

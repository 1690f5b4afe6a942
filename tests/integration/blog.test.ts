import { beforeAll, describe, expect, it } from "vitest";
import { createBlogPost } from "../support/content-factories";
import { useTestApp } from "../support/fixture";

describe("blog", () => {
  const { app, database } = useTestApp({ PUBLIC_URL: "https://www.trapkracht.nl" });
  beforeAll(async () => {
    await createBlogPost(database.db, {
      slug: "sportvoeding-kwart-triathlon",
      title: "Sportvoeding voor een kwart triathlon",
      excerpt: "Wat eet en drink je voor, tijdens en na de wedstrijd?",
      publishedOn: "2026-03-12",
      author: "Sanne Visser",
      featuredImage: "/media/blog/triathlon-hero.jpg",
      thumbnail: "/media/blog/triathlon-thumb.jpg",
      contentHtml:
        '<h2>Voor de start</h2><p>Eet <strong>koolhydraten</strong>.</p><script>alert(1)</script><p onclick="x()">Klik</p><img src="x" onerror="alert(2)">',
    });
    await createBlogPost(database.db, {
      slug: "energy-gels-ingredienten",
      title: "Wat zit er in energy gels?",
      publishedOn: "2026-01-05",
      featuredImage: null,
      thumbnail: "/media/blog/gels-thumb.jpg",
    });
    await createBlogPost(database.db, {
      slug: "zonder-afbeeldingen",
      featuredImage: null,
      thumbnail: null,
      publishedOn: "2025-06-01",
    });
  });

  it("lists the posts newest first with their Dutch dates and links", async () => {
    const { status, html } = await app.html("/blog");
    expect(status).toBe(200);
    expect(html).toContain("<title>Blog | Trapkracht</title>");
    const triathlon = html.indexOf("Sportvoeding voor een kwart triathlon");
    const gels = html.indexOf("Wat zit er in energy gels?");
    expect(triathlon).toBeGreaterThan(-1);
    expect(gels).toBeGreaterThan(triathlon);
    expect(html).toContain('href="/blog/sportvoeding-kwart-triathlon"');
    expect(html).toContain("12 maart 2026");
    expect(html).toContain("5 januari 2026");
  });

  it("renders an article: title, author, Dutch date, sanitised content, canonical link", async () => {
    const { status, html } = await app.html("/blog/sportvoeding-kwart-triathlon");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Sportvoeding voor een kwart triathlon<\/h1>/);
    expect(html).toContain("Sanne Visser");
    expect(html).toMatch(/<time datetime="2026-03-12">12 maart 2026<\/time>/i);
    expect(html).toContain("<strong>koolhydraten</strong>");
    expect(html).not.toContain("alert(1)");
    expect(html).not.toContain("onclick");
    expect(html).not.toContain("alert(2)");
    expect(html).toContain(
      '<link rel="canonical" href="https://www.trapkracht.nl/blog/sportvoeding-kwart-triathlon"/>',
    );
    expect(html).toContain(
      '<meta name="description" content="Wat eet en drink je voor, tijdens en na de wedstrijd?"/>',
    );
  });

  it("shows the hero image with the thumbnail, then the default, as fallbacks", async () => {
    const { html } = await app.html("/blog/sportvoeding-kwart-triathlon");
    expect(html).toMatch(
      /<img src="\/media\/blog\/triathlon-hero.jpg" data-fallback="\/media\/blog\/triathlon-thumb.jpg" data-fallback-chain="\/media\/blog\/triathlon-hero.jpg \/media\/blog\/triathlon-thumb.jpg \/media\/blog\/default-hero.svg"/,
    );
  });

  it("uses the thumbnail when there is no hero image, and the default when there is neither", async () => {
    const gels = await app.html("/blog/energy-gels-ingredienten");
    expect(gels.html).toMatch(
      /<img src="\/media\/blog\/gels-thumb.jpg" data-fallback="\/media\/blog\/default-hero.svg"/,
    );
    const bare = await app.html("/blog/zonder-afbeeldingen");
    expect(bare.status).toBe(200);
    expect(bare.html).toMatch(/<img src="\/media\/blog\/default-hero.svg"/);
  });

  it("answers an unknown slug with 404 and 'Blogpost Niet Gevonden' linking back to the blog", async () => {
    const { status, html } = await app.html("/blog/bestaat-niet");
    expect(status).toBe(404);
    expect(html).toContain("Blogpost Niet Gevonden");
    expect(html).toMatch(/<a[^>]*href="\/blog"[^>]*>Naar alle blogposts<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

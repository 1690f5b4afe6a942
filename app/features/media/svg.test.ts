import { describe, expect, it } from "vitest";
import { iconFor } from "./icons";
import { byeBannerSvg, categorySvg, escapeXml, heroSvg, productSvg } from "./svg";

describe("generated SVGs", () => {
  it("escapes every XML special character", () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });

  it("is deterministic and varies per picture number", () => {
    const input = { artNo: 10001, n: 1, brand: "Shimano", title: "Ketting", type: "Ketting", area: "parts" as const };
    expect(productSvg(input)).toBe(productSvg(input));
    expect(productSvg({ ...input, n: 2 })).not.toBe(productSvg(input));
    // Two products of the same type and brand get different pictures.
    expect(productSvg({ ...input, artNo: 10002 })).not.toBe(productSvg(input));
    expect(productSvg({ ...input, detail: "700x25c" })).toContain(">700X25C</text>");
  });

  it("never lets database text break out of the markup", () => {
    const svg = productSvg({
      artNo: 1,
      n: 1,
      brand: `</text><script>x</script>`,
      title: `" onload="x`,
      type: null,
      area: "parts",
      detail: `<script>y</script>`,
    });
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain('" onload="');
    expect(categorySvg({ id: 1, name: "<b>", area: "parts" })).not.toContain("<b>");
  });

  it("picks an icon that fits the product type", () => {
    expect(iconFor("Ketting")).toBe("chain");
    expect(iconFor("Kettingsmeermiddel")).toBe("lube");
    expect(iconFor("Binnenband")).toBe("tube");
    expect(iconFor("Buitenband race")).toBe("tyre");
    expect(iconFor("Buitenband MTB")).toBe("tyre-mtb");
    expect(iconFor("Buitenband stad")).toBe("tyre-city");
    expect(iconFor("Banden plakken")).toBe("patch");
    expect(iconFor("Remkabels")).toBe("cable");
    expect(iconFor("Energiegel")).toBe("gel");
    expect(iconFor("Eiwitreep")).toBe("bar");
    expect(iconFor("iets onbekends", "tool")).toBe("tool");
  });

  it("draws the hero slides and the BYE! banner", () => {
    expect(heroSvg(1)).toContain('viewBox="0 0 1600 640"');
    expect(byeBannerSvg()).toContain(">BYE!</text>");
  });
});

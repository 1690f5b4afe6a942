import { createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";

describe("Button asChild", () => {
  it("renders the child element with the button's classes joined to its own and its props kept", () => {
    const html = renderToStaticMarkup(
      <Button asChild variant="outline" size="sm" aria-label="Terug naar de lijst">
        <a href="/products" className="mt-2">
          Terug
        </a>
      </Button>,
    );
    expect(html).toMatch(/^<a [^>]*href="\/products"[^>]*>Terug<\/a>$/);
    expect(html).toContain('aria-label="Terug naar de lijst"');
    const classes = /class="([^"]*)"/.exec(html)![1]!.split(" ");
    expect(classes).toEqual(expect.arrayContaining(["inline-flex", "border", "h-9", "text-sm", "mt-2"]));
    expect(html).not.toContain("<button");
  });

  it("runs both click handlers, the child's first, and fills both refs", () => {
    const calls: string[] = [];
    const buttonRef = createRef<HTMLButtonElement>();
    let childNode: unknown = null;
    const element = Button({
      asChild: true,
      ref: buttonRef,
      onClick: () => calls.push("button"),
      children: (
        <a href="/x" ref={(node) => void (childNode = node)} onClick={() => calls.push("child")}>
          x
        </a>
      ),
    });
    // Button renders <Slot>; calling it yields the cloned child with the merged props.
    const slot = element.type as (props: object) => { props: Record<string, unknown> };
    const merged = slot(element.props as object).props;
    (merged.onClick as () => void)();
    expect(calls).toEqual(["child", "button"]);
    const node = { tag: "a" };
    (merged.ref as (n: unknown) => void)(node);
    expect(buttonRef.current).toBe(node);
    expect(childNode).toBe(node);
  });

  it("without asChild renders a button with the size's font size only", () => {
    const html = renderToStaticMarkup(<Button size="lg">Koop</Button>);
    expect(html).toMatch(/^<button class="[^"]*">Koop<\/button>$/);
    expect(html).toContain("text-base");
    expect(html).not.toContain("text-sm");
  });
});

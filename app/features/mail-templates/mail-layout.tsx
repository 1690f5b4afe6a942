import { Fragment, type CSSProperties, type ReactNode } from "react";

/** The shop's green, for links and buttons in every mail. */
export const GREEN = "#065f46";
export const linkStyle: CSSProperties = { color: GREEN };

/**
 * The plain wrapper all shop mails share: readable without CSS support, no remote images. Inline
 * styles only, because many mail programs drop <style> blocks.
 */
export function MailLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: 24,
          background: "#f8fafc",
          fontFamily: "Arial,Helvetica,sans-serif",
          color: "#0f172a",
          lineHeight: 1.5,
        }}
      >
        <div
          style={{
            maxWidth: 560,
            margin: "0 auto",
            background: "#ffffff",
            border: "1px solid #e2e8f0",
            borderRadius: 8,
            padding: 24,
          }}
        >
          <p style={{ margin: "0 0 16px", fontSize: 20, fontWeight: "bold", color: GREEN }}>Trapkracht</p>
          {children}
        </div>
      </body>
    </html>
  );
}

/** Lines under each other in one block, as the text part has them on separate lines. */
export function Lines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

/** A message someone typed, with its line breaks kept. */
export function Multiline({ text }: { text: string }) {
  return <Lines lines={text.split(/\r?\n/)} />;
}

/** Paragraphs with the mails' usual spacing. */
export function Paragraphs({ lines, style }: { lines: readonly string[]; style?: CSSProperties }) {
  return lines.map((line, index) => (
    <p key={index} style={{ margin: "0 0 12px", ...style }}>
      {line}
    </p>
  ));
}

/** The one call to action of a mail, drawn as a button (a link, so it works in every mail program). */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      style={{
        display: "inline-block",
        background: GREEN,
        color: "#ffffff",
        textDecoration: "none",
        padding: "10px 18px",
        borderRadius: 6,
        fontWeight: "bold",
      }}
    >
      {children}
    </a>
  );
}

/** A bold heading line above a block ("Verzendadres", "Klant"). */
export function Label({ children }: { children: ReactNode }) {
  return <p style={{ margin: "0 0 4px", fontWeight: "bold" }}>{children}</p>;
}

import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// pdf.js draws the standard 14 fonts (which pdfkit uses) from its own font files.
const standardFontDataUrl =
  path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts") +
  path.sep;

/** The text of every page of a PDF, read by pdf.js (Mozilla's PDF reader), one line per text run. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({
    data: bytes,
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= document.numPages; i++) {
    const content = await (await document.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str : ""))
        .filter(Boolean)
        .join("\n"),
    );
  }
  await document.destroy();
  return pages.join("\n");
}

/**
 * The "Waarvan btw N%" rows of an invoice's text (from `pdfText`), each with the amount the PDF
 * prints beside it (the next text run that is not blank), in the order printed:
 * e.g. [["Waarvan btw 21%", "€ 7,65"]].
 */
export function vatRows(text: string): [string, string][] {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  return lines.flatMap((line, i) =>
    /^Waarvan btw \d+%$/.test(line) ? [[line, lines[i + 1] ?? ""] as [string, string]] : [],
  );
}

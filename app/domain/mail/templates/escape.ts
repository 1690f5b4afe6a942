const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Everything a customer typed is escaped before it goes into an HTML mail body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

/** Escaped text with its line breaks kept, for a message quoted in an HTML mail. */
export function multilineHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, "<br>");
}

/** The plain wrapper all shop mails share: readable without CSS support, no remote images. */
export function htmlLayout(title: string, body: string): string {
  return `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#065f46">Trapkracht</p>
${body}
</div></body></html>`;
}

export type MailContent = { subject: string; text: string; html: string };

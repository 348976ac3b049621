/** Text that came from a person (a username) is escaped before it goes into a mail's HTML. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The HTML form of a short mail: paragraphs (already escaped HTML) in a plain, readable frame. */
export function htmlMail(options: {
  language: string;
  title: string;
  paragraphs: string[];
}): string {
  const body = options.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="${options.language}">
<head><meta charset="utf-8"><title>${escapeHtml(options.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">
${body}
</div>
</body>
</html>
`;
}

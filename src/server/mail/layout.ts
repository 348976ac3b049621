import type { Language } from '../../domain/languages.ts';
import type { MailMessage } from './mailer.ts';

/** Text that came from a person (a username) is escaped before it goes into a mail's HTML. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * One block of a short mail: a paragraph of plain text (its line breaks kept), or a link that the
 * HTML form shows as a button with the address written out below it.
 */
export type MailBlock = string | { link: string; label: string };

function htmlBlocks(block: MailBlock): string[] {
  if (typeof block === 'string') return [escapeHtml(block).replace(/\n/g, '<br>')];
  return [
    `<a href="${escapeHtml(block.link)}" style="display:inline-block;background:#18181b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(block.label)}</a>`,
    `<span style="font-size:13px;color:#52525b">${escapeHtml(block.link)}</span>`,
  ];
}

/** A short mail in both forms from the same blocks: plain text, and HTML in a plain, readable frame. */
export function composeMail(options: {
  to: string;
  language: Language;
  subject: string;
  blocks: MailBlock[];
}): MailMessage {
  const text = options.blocks.map((block) => (typeof block === 'string' ? block : block.link));
  const body = options.blocks
    .flatMap(htmlBlocks)
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph}</p>`)
    .join('\n');
  return {
    to: options.to,
    subject: options.subject,
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html>
<html lang="${options.language}">
<head><meta charset="utf-8"><title>${escapeHtml(options.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">
${body}
</div>
</body>
</html>
`,
  };
}

/** A message ready to send: both an HTML and a plain-text body (issue 3). */
export type RenderedMail = { subject: string; html: string; text: string; links: { label: string; url: string }[] };

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/**
 * The one layout every Plansmith e-mail uses: a heading, paragraphs, one call-to-action button
 * and a footnote. Every value is escaped; links must be built from PUBLIC_URL, never from a request.
 */
export const renderMail = (input: {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}): RenderedMail => {
  const paragraphsHtml = input.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const actionHtml = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#0958d9;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(input.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(input.action.url)}</p>`
    : '';
  const footnoteHtml = input.footnote ? `<p style="margin:24px 0 0;font-size:13px;color:#777">${escapeHtml(input.footnote)}</p>` : '';
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;background:#f3f5f9;padding:24px"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px"><p style="font-weight:bold;color:#0958d9;margin:0 0 24px">Plansmith</p><h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>${paragraphsHtml}${actionHtml}${footnoteHtml}</div></body></html>`;
  const text = [
    input.heading,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(input.action ? [`${input.action.label}: ${input.action.url}`, ''] : []),
    ...(input.footnote ? [input.footnote, ''] : []),
    '— Plansmith',
  ].join('\n');
  return { subject: input.subject, html, text, links: input.action ? [input.action] : [] };
};

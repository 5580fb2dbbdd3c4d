import { Hono } from 'hono'
import type { AppEnv } from '#server/http/env.ts'
import { AppError } from '#server/http/errors.ts'

// /dev/mail (development only, server/app.ts): the newest messages of the outbox, each
// readable as HTML and as plain text, so the store works without a mail server.

/** The list is a few lines of HTML written by hand; the emails themselves are rendered by React (templates.ts). */
function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const page = (title: string, body: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,sans-serif;background:#faf8f5;color:#1c1917;">${body}</body></html>`

/** A message sent through SMTP_URL keeps no body (docs/decisions/018); kept ones do. */
const GONE = 'This message was sent by the mail server; the store keeps no copy of what it said.'

export const devMailRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const messages = await c.get('services').mail.latest(50)
    const rows = messages
      .map(
        (m) =>
          `<tr><td style="padding:8px;border-bottom:1px solid #e4ddd2;white-space:nowrap;">${new Date(m.created_at).toISOString().replace('T', ' ').slice(0, 19)}</td><td style="padding:8px;border-bottom:1px solid #e4ddd2;">${escapeHtml(m.to_address)}</td><td style="padding:8px;border-bottom:1px solid #e4ddd2;"><a href="/dev/mail/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a> <a href="/dev/mail/${encodeURIComponent(m.id)}/text" style="color:#57534e;">(text)</a></td><td style="padding:8px;border-bottom:1px solid #e4ddd2;">${escapeHtml(m.status)}${m.delivered_by ? ` (${escapeHtml(m.delivered_by)})` : ''}${m.last_error ? `: ${escapeHtml(m.last_error)}` : ''}</td></tr>`,
      )
      .join('')
    return c.html(
      page(
        'Mail | development',
        `<h1 style="font-size:20px;">Mail the store wrote</h1><p style="color:#57534e;">The newest 50 messages of the outbox. Set SMTP_URL to send them for real.</p>
<div style="overflow-x:auto;"><table style="border-collapse:collapse;font-size:14px;width:100%;"><thead><tr><th align="left" style="padding:8px;">Written</th><th align="left" style="padding:8px;">To</th><th align="left" style="padding:8px;">Subject</th><th align="left" style="padding:8px;">Status</th></tr></thead><tbody>${rows || '<tr><td colspan="4" style="padding:8px;">No mail yet.</td></tr>'}</tbody></table></div>`,
      ),
    )
  })
  .get('/:id', async (c) => {
    const message = await c.get('services').mail.message(c.req.param('id'))
    if (!message) throw new AppError(404, 'Not found')
    return c.html(message.html_body || page(message.subject, `<p>${escapeHtml(GONE)}</p>`))
  })
  .get('/:id/text', async (c) => {
    const message = await c.get('services').mail.message(c.req.param('id'))
    if (!message) throw new AppError(404, 'Not found')
    return c.text(`To: ${message.to_address}\nSubject: ${message.subject}\n\n${message.text_body || GONE}`)
  })

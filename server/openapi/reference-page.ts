import { openApiDocument } from '#server/openapi/document.ts'

// GET /api/docs: the description as a page to read, drawn on the server from the same
// document, with no script at all, so the store's Content-Security-Policy stands as it is
// (docs/decisions/031). Each schema opens in a <details>; long lines scroll inside their box.

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

type Json = Record<string, unknown>

interface OperationObject {
  operationId: string
  summary: string
  security?: unknown[]
  parameters?: { name: string; in: string; required: boolean; schema: Json }[]
  requestBody?: { content: Record<string, { schema: Json }> }
  responses: Record<string, { description: string; content: Record<string, { schema: Json }> }>
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#faf8f5;color:#1c1917}
main{max-width:960px;margin:0 auto;padding:16px}h1{font-size:24px;margin:8px 0}h2{font-size:20px;margin:32px 0 8px;border-bottom:1px solid #e4ddd2}
nav ul{display:flex;flex-wrap:wrap;gap:8px;padding:0;list-style:none}nav a{color:#1c1917}
section.op{background:#fff;border:1px solid #e4ddd2;border-radius:6px;padding:12px;margin:12px 0}
h3{font-size:16px;margin:0 0 4px;overflow-wrap:anywhere}code{font-family:ui-monospace,monospace;font-size:14px}
.method{display:inline-block;min-width:4.5em;font-weight:700;text-transform:uppercase}
.access{color:#57534e;font-size:14px}.params{padding-inline-start:20px;font-size:14px}.params li{margin:4px 0;overflow-wrap:anywhere}
pre{overflow-x:auto;background:#f5f1ea;padding:8px;border-radius:4px;font-size:13px;max-height:480px}
summary{cursor:pointer}`

const accessOf = (op: OperationObject, path: string) =>
  op.security?.length === 0 ? 'Anyone' : path.startsWith('/api/admin/') ? 'Admins, signed in' : 'Signed in'

function schemaBlock(label: string, schema: Json): string {
  return `<details><summary>${escapeHtml(label)}</summary><pre><code>${escapeHtml(JSON.stringify(schema, null, 2))}</code></pre></details>`
}

function operationHtml(path: string, method: string, op: OperationObject, errorSchema: Json): string {
  const parameters = op.parameters?.length
    ? `<ul class="params">${op.parameters
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> in ${escapeHtml(p.in)}${p.required ? ', required' : ''}: <code>${escapeHtml(JSON.stringify(p.schema))}</code></li>`,
        )
        .join('')}</ul>`
    : ''
  const body = op.requestBody
    ? Object.entries(op.requestBody.content)
        .map(([media, { schema }]) => schemaBlock(`Request body (${media})`, schema))
        .join('')
    : ''
  const responses = Object.entries(op.responses)
    .map(([status, answer]) => {
      const [media, content] = Object.entries(answer.content)[0]!
      const schema = '$ref' in content.schema ? errorSchema : content.schema
      return schemaBlock(`${status}: ${answer.description} (${media})`, schema)
    })
    .join('')
  return `<section class="op" id="${escapeHtml(op.operationId)}"><h3><span class="method">${method}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)} <span class="access">· ${accessOf(op, path)}</span></p>${parameters}${body}${responses}</section>`
}

let page: string | undefined

/** The page, drawn once: the document does not change while the store runs. */
export function referencePage(): string {
  if (page) return page
  const doc = openApiDocument() as {
    info: { title: string; description: string }
    tags: { name: string; description: string }[]
    paths: Record<string, Record<string, OperationObject>>
    components: { schemas: { Error: Json } }
  }
  const byTag = new Map<string, string[]>(doc.tags.map((t) => [t.name, []]))
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods))
      byTag
        .get((op as OperationObject & { tags: string[] }).tags[0]!)!
        .push(operationHtml(path, method, op, doc.components.schemas.Error))
  const anchor = (name: string) => `tag-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`
  page = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)}</p>
<p>The same description as OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>. Signed-in calls send the session cookie <code>kapra_session</code> that sign-in sets.</p>
<nav aria-label="Groups"><ul>${doc.tags.map((t) => `<li><a href="#${anchor(t.name)}">${escapeHtml(t.name)}</a></li>`).join('')}</ul></nav>
${doc.tags
  .map(
    (t) =>
      `<h2 id="${anchor(t.name)}">${escapeHtml(t.name)}</h2><p>${escapeHtml(t.description)}</p>${byTag.get(t.name)!.join('\n')}`,
  )
  .join('\n')}
</main></body></html>`
  return page
}

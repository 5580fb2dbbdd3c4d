import { Transform } from 'node:stream'
import { REPLAY_QUEUE } from '#app/lib/replay.ts'

// React Router's <Scripts> preloads every module of the page in <head> and boots the app
// from an inline module script. On a slow phone those ~135 KB of JavaScript share the
// connection with the stylesheet, the display font and the first product images, so the
// page the server already rendered is painted later. This transform keeps the boot but
// moves it after the page has loaded and painted (or the shopper's first touch or key,
// or BOOT_DEADLINE_MS, whichever comes first): the preloads leave <head>, the boot script
// is made inert, and a small starter puts both back at that moment. Links and forms work
// before then, as they are real anchors and React Router forms; a tap on a control only
// React drives (marked `data-replay`) is queued and replayed once the app has booted
// (app/lib/replay.ts). docs/decisions/006.

/** Type given to React Router's boot script so the browser parses but does not run it. */
export const INERT_BOOT_TYPE = 'text/x-kapra-boot'
/** The longest the boot waits for the load event. */
export const BOOT_DEADLINE_MS = 3_000
/**
 * How long one task of the main thread puts module preloads back before it yields. Each
 * costs a phone most of a millisecond (its request is started there and then): forty in one
 * task blocked input for over 100 ms on Lighthouse's slowed phone, and eight a task still
 * made tasks of 60 ms there (docs/decisions/038).
 */
export const PRELOAD_TASK_MS = 4

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g
const BOOT_SCRIPT = /^<script\b([^>]*?)\stype="module"([^>]*)>$/

/** The starter: a classic inline script, so it runs under the page's CSP nonce. */
export function starterScript(preloads: string[], nonce: string | undefined): string {
  const code = `(()=>{let done=false;const pre=${JSON.stringify(preloads).replace(/</g, '\\u003c')};
const events=['pointerdown','keydown','touchstart','focusin'];
function start(){const boot=document.querySelector('script[type="${INERT_BOOT_TYPE}"]');if(done||!boot)return;done=true;
events.forEach(e=>removeEventListener(e,start,true));
let i=0;(function more(){const until=performance.now()+${PRELOAD_TASK_MS};do{const l=document.createElement('link');l.rel='modulepreload';l.href=pre[i++];document.head.append(l)}while(i<pre.length&&performance.now()<until)
if(i<pre.length)return setTimeout(more,0);
setTimeout(()=>{const s=document.createElement('script');s.type='module';s.nonce=boot.nonce;s.textContent=boot.textContent;document.head.append(s)},0)})()}
const q=window.${REPLAY_QUEUE}={taps:[],booted:false};
addEventListener('click',e=>{const t=!q.booted&&e.target instanceof Element&&e.target.closest('[data-replay]');if(t)q.taps.push(t.getAttribute('data-replay'))},true);
function afterPaint(){requestAnimationFrame(()=>setTimeout(start,0))}
events.forEach(e=>addEventListener(e,start,{capture:true,passive:true}));
if(document.readyState==='complete')afterPaint();else addEventListener('load',afterPaint,{once:true});
setTimeout(()=>document.readyState==='loading'?addEventListener('DOMContentLoaded',start,{once:true}):start(),${BOOT_DEADLINE_MS})})()`
  return `<script${nonce ? ` nonce="${nonce}"` : ''}>${code}</script>`
}

/**
 * Rewrites the server-rendered document as it streams: the module preloads in <head>
 * make way for the starter, and the first inline module script of <body> (React Router's
 * boot) gets an inert type. Anything it does not recognise passes through untouched.
 */
export function deferHydration(nonce: string | undefined): Transform & { flush(): void } {
  // The document is read byte for byte as Latin-1: what is looked for is ASCII, and no
  // byte of a UTF-8 character is, so the bytes go out as they came without decoding and
  // encoding every page's text again. <head> is read as text (it is short); the body is
  // searched as bytes for its script tags, and only a script tag is read as text.
  let phase: 'head' | 'body' | 'done' = 'head'
  let head = ''
  let held: Buffer = EMPTY

  /** <head> with its preloads moved into the starter, and what came after it; null until </head> has come. */
  const readHead = (text: string): { head: string; rest: string } | null => {
    head += text
    const end = head.indexOf('</head>')
    if (end === -1) return null
    const preloads: string[] = []
    const kept = head.slice(0, end).replace(MODULE_PRELOAD, (tag) => {
      const href = /\bhref="([^"]*)"/.exec(tag)?.[1]
      if (href) preloads.push(href)
      return ''
    })
    const rest = head.slice(end)
    head = ''
    phase = preloads.length ? 'body' : 'done'
    return { head: kept + (preloads.length ? starterScript(preloads, nonce) : ''), rest }
  }

  /** The body's bytes up to the boot script, that script's tag made inert, and the rest as they came. */
  const readBody = (chunk: Buffer, final: boolean): Buffer[] => {
    const bytes = held.length ? Buffer.concat([held, chunk]) : chunk
    held = EMPTY
    for (let from = 0; ;) {
      const open = bytes.indexOf('<script', from, 'latin1')
      if (open === -1) break
      const close = bytes.indexOf('>', open)
      if (close === -1) {
        // A script tag cut by the chunk's end: held back for the next one.
        if (final) return [bytes]
        held = bytes.subarray(open)
        return [bytes.subarray(0, open)]
      }
      const match = BOOT_SCRIPT.exec(bytes.toString('latin1', open, close + 1))
      if (match) {
        phase = 'done'
        const inert = Buffer.from(`<script${match[1]} type="${INERT_BOOT_TYPE}"${match[2]}>`, 'latin1')
        return [bytes.subarray(0, open), inert, bytes.subarray(close + 1)]
      }
      from = close + 1
    }
    if (final) return [bytes]
    // Hold back a tag that may continue in the next chunk ('<scr…').
    const last = bytes.lastIndexOf('<')
    if (last === -1 || bytes.indexOf('>', last) !== -1) return [bytes]
    held = bytes.subarray(last)
    return [bytes.subarray(0, last)]
  }

  /**
   * What React wrote since it last flushed, given on as one piece when it does: React writes
   * a page 4 KB at a time and calls `flush()` when it has written all it has, and each piece
   * given on crossed two Node streams, a web stream and a socket write (docs/decisions/040).
   */
  let pending: Buffer[] = []
  const give = (...parts: Buffer[]) => {
    for (const part of parts) if (part.length) pending.push(part)
  }
  const release = (stream: Transform) => {
    if (pending.length === 0) return
    stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending))
    pending = []
  }

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (phase === 'head') {
        const read = readHead(chunk.toString('latin1'))
        if (!read) return callback()
        give(Buffer.from(read.head, 'latin1'))
        chunk = Buffer.from(read.rest, 'latin1')
      }
      if (phase === 'done') give(chunk)
      else give(...readBody(chunk, false))
      callback()
    },
    flush(callback) {
      if (phase === 'head' && head) give(Buffer.from(head, 'latin1'))
      else if (phase === 'body' && held.length) give(...readBody(EMPTY, true))
      release(this)
      callback()
    },
  })
  // React calls its destination's flush() after each time it writes (as it does for zlib's).
  return Object.assign(stream, { flush: () => release(stream) })
}

const EMPTY = Buffer.alloc(0)

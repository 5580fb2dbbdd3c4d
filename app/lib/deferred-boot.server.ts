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
const BOOT_SCRIPT = /<script\b([^>]*?)\stype="module"([^>]*)>/

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
export function deferHydration(nonce: string | undefined): Transform {
  // The document is read byte for byte as Latin-1: what is looked for is ASCII, and no
  // byte of a UTF-8 character is, so the bytes go out as they came without decoding and
  // encoding every page's text again.
  let phase: 'head' | 'body' | 'done' = 'head'
  let pending = ''

  const rewrite = (text: string, final: boolean): string => {
    pending += text
    let out = ''
    if (phase === 'head') {
      const end = pending.indexOf('</head>')
      if (end === -1) return final ? takeAll() : ''
      const preloads: string[] = []
      const head = pending.slice(0, end).replace(MODULE_PRELOAD, (tag) => {
        const href = /\bhref="([^"]*)"/.exec(tag)?.[1]
        if (href) preloads.push(href)
        return ''
      })
      out += head + (preloads.length ? starterScript(preloads, nonce) : '')
      pending = pending.slice(end)
      phase = preloads.length ? 'body' : 'done'
    }
    if (phase === 'body') {
      const match = BOOT_SCRIPT.exec(pending)
      if (match) {
        out += pending.slice(0, match.index) + `<script${match[1]} type="${INERT_BOOT_TYPE}"${match[2]}>`
        pending = pending.slice(match.index + match[0].length)
        phase = 'done'
      } else if (!final) {
        // Hold back a tag that may continue in the next chunk.
        const open = pending.lastIndexOf('<')
        const keep = open !== -1 && !pending.includes('>', open) ? open : pending.length
        out += pending.slice(0, keep)
        pending = pending.slice(keep)
        return out
      }
    }
    return out + takeAll()
  }
  const takeAll = () => {
    const all = pending
    pending = ''
    return all
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // Past the boot script, the rest passes as it is.
      if (phase === 'done' && pending === '') return callback(null, chunk)
      const out = rewrite(chunk.toString('latin1'), false)
      callback(null, out ? Buffer.from(out, 'latin1') : undefined)
    },
    flush(callback) {
      const out = rewrite('', true)
      callback(null, out ? Buffer.from(out, 'latin1') : undefined)
    },
  })
}

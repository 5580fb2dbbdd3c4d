import { useContext } from 'react'
import { getI18n, I18nContext, type useTranslation as useI18nextTranslation } from 'react-i18next'
import type { i18n as I18n, TFunction } from 'i18next'

// Every component's messages, as react-i18next's `useTranslation` gives them, for less.
// Theirs keeps each component subscribed to language and message changes: options merged,
// a store subscription, a fresh `t` and a wrapper of the instance at every first render.
// A page here never changes language in place (a page of the other language is loaded as
// a new document: app/root.tsx) and draws nothing before its messages are loaded (the
// console's: app/lib/i18n/console.ts), so none of that can change what is drawn: one
// context read and the instance's `t` fixed to the language and namespace, made once.
// Measured on a signed-in shopper's collection (130 components asking for messages): a
// tenth of the page's server time (docs/decisions/039). `Trans` is the store's own too
// (./trans.tsx), given this `t`; eslint.config.js sends every import of either here.

type Answer = ReturnType<typeof useI18nextTranslation>
const fixed = new WeakMap<I18n, Map<string, Answer>>()

export const useTranslation = ((ns?: string | readonly string[], options?: { keyPrefix?: string; lng?: string }) => {
  const context = useContext(I18nContext)
  const instance = context?.i18n ?? getI18n()
  const namespaces: readonly string[] =
    typeof ns === 'string' ? [ns] : ns?.length ? ns : [context?.defaultNS?.toString() ?? defaultNamespace(instance)]
  const lng = options?.lng ?? instance.language
  const key = `${lng}\u0000${namespaces.join('\u0001')}\u0000${options?.keyPrefix ?? ''}`
  let answers = fixed.get(instance)
  if (!answers) fixed.set(instance, (answers = new Map<string, Answer>()))
  let answer = answers.get(key)
  if (!answer) {
    const t = fixedT(instance, lng, namespaces[0]!, options?.keyPrefix)
    answer = Object.assign([t, instance, true] as const, { t, i18n: instance, ready: true }) as unknown as Answer
    answers.set(key, answer)
  }
  return answer
}) as typeof useI18nextTranslation

type LooseT = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown

/**
 * The instance's `t` with the language and namespace filled in. i18next's own (getFixedT)
 * copies all of the instance's options into a new object on every call, for selectors and
 * key prefixes no store message uses; a key written out, with or without values, goes
 * straight to the instance here, and anything else to i18next's.
 */
function fixedT(instance: I18n, lng: string, ns: string, keyPrefix: string | undefined): TFunction {
  // Typed loosely here: the answer's type is react-i18next's own, keys checked where `t` is used.
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (
    lng: string,
    ns: string,
    keyPrefix?: string,
  ) => LooseT
  const theirs = getFixedT(lng, ns, keyPrefix)
  if (keyPrefix) return theirs as unknown as TFunction
  const plain = { lng, ns }
  const ours: LooseT = (key, options, ...rest) => {
    if (typeof key !== 'string' || rest.length > 0) return theirs(key, options, ...rest)
    const translate = instance.t as unknown as LooseT
    if (options === undefined) return translate(key, plain)
    if (typeof options !== 'object' || options === null) return theirs(key, options)
    const given = options as { lng?: string; ns?: string }
    return translate(key, { ...given, lng: given.lng || lng, ns: given.ns || ns })
  }
  // What i18next's fixed t says of itself, which <Trans> (the store's and react-i18next's) reads for its namespace.
  return Object.assign(ours, { lng, ns, keyPrefix: undefined }) as unknown as TFunction
}

function defaultNamespace(instance: I18n): string {
  const ns = instance.options.defaultNS
  return typeof ns === 'string' ? ns : Array.isArray(ns) && typeof ns[0] === 'string' ? ns[0] : 'translation'
}

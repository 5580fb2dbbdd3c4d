import { z } from '#contracts/zod.ts'
import type { ZodType } from 'zod'

// One operation of the API as server/openapi/document.ts describes it (docs/decisions/031).

export type Method = 'get' | 'post' | 'put' | 'delete'
export type Access = 'public' | 'user' | 'admin'
export type Tag = (typeof tags)[number]['name']

export interface Operation {
  method: Method
  /** The address as OpenAPI writes it: /api/product/{id}. */
  path: string
  tag: Tag
  summary: string
  access: Access
  query?: ZodType
  /** A JSON body, checked with this schema. */
  body?: ZodType
  /** The console's product save: multipart/form-data with `product` (this schema's JSON) and photos. */
  productForm?: ZodType
  /**
   * Another multipart/form-data upload: its text fields (this schema) and its files, each
   * named with its media type (the catalog import's CSV and zip of photos).
   */
  upload?: { fields: ZodType; files: { name: string; media: string; description: string; required: boolean }[] }
  /** The body may also be multipart/form-data: this part (the body's JSON) and photo1..photo3. */
  photoForm?: 'review' | 'request'
  headers?: { name: string; schema: ZodType; description: string }[]
  /** The success answer: its status, and a schema of JSON (or another media type). */
  ok: { status: 200 | 201; schema: ZodType; media?: string; description?: string }
  /** Refusals beyond the ones every operation of its kind has (see `refusalsOf`). */
  refusals?: number[]
  /** A status whose answer is not the usual { message, fields? }. */
  otherAnswers?: Record<number, ZodType>
}

export const tags = [
  { name: 'Catalog', description: 'Products, the collection, search suggestions' },
  { name: 'Auth', description: 'Registration, sign-in and links from emails' },
  { name: 'Account', description: "The signed-in shopper's account and addresses" },
  { name: 'Cart', description: "The signed-in shopper's cart" },
  { name: 'Orders', description: 'Placing and following cash-on-delivery orders' },
  { name: 'Newsletter', description: 'Subscription with double opt-in' },
  { name: 'Stock alerts', description: 'Back-in-stock requests' },
  { name: 'Reviews', description: 'Reviews from shoppers who received the piece' },
  { name: 'Wishlist', description: "The signed-in shopper's products kept for later" },
  { name: 'Admin', description: "The store owner's console (admins only)" },
  { name: 'Reference', description: 'This description' },
] as const

/** An answer with a message and something it names. */
export const withMessage = <T extends z.ZodRawShape>(shape: T) => z.object({ message: z.string(), ...shape })

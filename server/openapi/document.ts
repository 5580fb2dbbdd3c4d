import { z } from '#contracts/zod.ts'
import type { ZodType } from 'zod'
import { apiErrorSchema } from '#contracts/api-error.ts'
import { SESSION_COOKIE } from '#server/auth/cookies.ts'
import { tags, type Operation } from '#server/openapi/operation.ts'
import { shopOperations } from '#server/openapi/shop-operations.ts'
import { orderOperations } from '#server/openapi/order-operations.ts'
import { adminOperations } from '#server/openapi/admin-operations.ts'
import { reviewOperations } from '#server/openapi/review-operations.ts'
import { requestOperations } from '#server/openapi/request-operations.ts'

// The API described from the schemas that check it (docs/decisions/031): each operation
// below names the very Zod schema its route parses, and z.toJSONSchema writes the JSON
// Schema (2020-12, the dialect of OpenAPI 3.1). tests/api/openapi.test.ts fails when a
// route of the app is missing here, or an answer does not match its schema.

const ops: Operation[] = [
  ...shopOperations,
  ...orderOperations,
  ...requestOperations,
  ...reviewOperations,
  ...adminOperations,
]

/** What each status says in the description. */
const STATUS_WORDS: Record<number, string> = {
  400: 'The request is not valid: message says why, fields names each field at fault',
  401: 'Not signed in (or the session has ended)',
  403: 'Not allowed: not an admin, two-factor sign-in still to set up, or a cross-site write',
  404: 'Not found',
  409: 'In conflict with the store as it is now (stock, state or an existing record)',
  413: 'The request body is too large',
  415: 'The body is not of the media type this call takes',
  422: 'Understood but refused (a discount code, an Idempotency-Key used for another order, a sale)',
  429: 'Too many requests: wait as long as Retry-After says',
  503: 'The store is briefly unavailable (the database, or the line on a sale night): try again after Retry-After',
}

/** The refusals an operation has by its kind, beside its own. */
function refusalsOf(op: Operation): number[] {
  const codes = new Set<number>(op.refusals)
  const writes = op.method !== 'get'
  if (op.body || op.query || op.productForm || op.upload || op.headers) codes.add(400)
  if (op.access !== 'public') codes.add(401)
  // The console's guard; and every write from another site (server/http/middleware.ts).
  if (op.access === 'admin' || writes) codes.add(403)
  if (writes) codes.add(413)
  if (op.body || op.productForm || op.upload) codes.add(415)
  codes.add(503)
  return [...codes].sort((a, b) => a - b)
}

type JsonSchema = Record<string, unknown>

/** A Zod schema as JSON Schema 2020-12: as a request reads it (`input`) or an answer is (`output`). */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // A refinement (a password not too common) has no JSON Schema: the description leaves it out.
    unrepresentable: 'any',
    // A whole number's bounds that only say "a safe integer" are noise to a reader.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
    },
  }) as JsonSchema
  return rest
}

const json = (schema: JsonSchema, media = 'application/json') => ({ [media]: { schema } })
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

function parametersOf(op: Operation) {
  const parameters: JsonSchema[] = []
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g))
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string', maxLength: 200 } })
  if (op.query) {
    const schema = jsonSchemaOf(op.query, 'input')
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
    const required = new Set((schema.required ?? []) as string[])
    for (const [name, property] of Object.entries(properties)) {
      const list = property.type === 'array'
      parameters.push({
        name,
        in: 'query',
        // A list is its key repeated (?size=M&size=L), none when it is empty.
        required: required.has(name) && !list,
        schema: property,
        ...(list ? { style: 'form', explode: true } : {}),
      })
    }
  }
  for (const header of op.headers ?? [])
    parameters.push({
      name: header.name,
      in: 'header',
      required: false,
      description: header.description,
      schema: jsonSchemaOf(header.schema, 'input'),
    })
  return parameters
}

function requestBodyOf(op: Operation) {
  if (op.body && op.photoForm) {
    const photo = { type: 'string', contentMediaType: 'image/*', description: 'JPEG, PNG or WebP, up to 8 MB' }
    const body = jsonSchemaOf(op.body, 'input')
    return {
      required: true,
      content: {
        ...json(body),
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [op.photoForm],
            properties: {
              [op.photoForm]: { type: 'string', contentMediaType: 'application/json', contentSchema: body },
              photo1: photo,
              photo2: photo,
              photo3: photo,
            },
          },
        },
      },
    }
  }
  if (op.body) return { required: true, content: json(jsonSchemaOf(op.body, 'input')) }
  if (op.productForm) {
    const photo = { type: 'string', contentMediaType: 'image/*', description: 'JPEG, PNG or WebP, up to 8 MB' }
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['product'],
            properties: {
              product: {
                type: 'string',
                contentMediaType: 'application/json',
                contentSchema: jsonSchemaOf(op.productForm, 'input'),
              },
              photo1: photo,
              photo2: photo,
              photo3: photo,
              photo4: photo,
            },
          },
        },
      },
    }
  }
  if (op.upload) {
    const fields = jsonSchemaOf(op.upload.fields, 'input')
    const files = Object.fromEntries(
      op.upload.files.map((f) => [f.name, { type: 'string', contentMediaType: f.media, description: f.description }]),
    )
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: op.upload.files.filter((f) => f.required).map((f) => f.name),
            properties: { ...files, ...((fields.properties ?? {}) as JsonSchema) },
          },
        },
      },
    }
  }
  return undefined
}

function operationObject(op: Operation) {
  const responses: Record<string, unknown> = {
    [op.ok.status]: {
      description: op.ok.description ?? (op.ok.status === 201 ? 'Created' : 'OK'),
      content: json(jsonSchemaOf(op.ok.schema, 'output'), op.ok.media),
    },
  }
  for (const status of refusalsOf(op)) {
    const other = op.otherAnswers?.[status]
    responses[status] = {
      description: STATUS_WORDS[status] ?? 'Refused',
      content: json(other ? jsonSchemaOf(other, 'output') : ref('Error')),
    }
  }
  const parameters = parametersOf(op)
  const requestBody = requestBodyOf(op)
  return {
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(op.access === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  }
}

/** get /api/user/addresses/{id} -> getUserAddressesById. */
function operationId(op: Operation): string {
  const words = op.path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((w) => (w.startsWith('{') ? `By${w.slice(1, -1)}` : w))
  return op.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')
}

/** The description's operations, for the reference page and the tests. */
export const apiOperations: readonly Operation[] = ops

let built: JsonSchema | undefined

/** The OpenAPI 3.1 document of the store's API; built once, the same for everyone. */
export function openApiDocument(): JsonSchema {
  if (built) return built
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of ops) (paths[op.path] ??= {})[op.method] = operationObject(op)
  built = {
    openapi: '3.1.1',
    info: {
      title: 'Kapra store API',
      version: '1',
      description:
        'The API of the Kapra store: the catalog, accounts, cart and cash-on-delivery orders, and the owner\'s console. Writes take JSON (the console\'s product saves take multipart/form-data) and must come from the store\'s own origin. Every refusal is { "message", "fields"? } with its status.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags,
    security: [{ session: [] }],
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(apiErrorSchema, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie that POST /api/auth/login sets (HttpOnly)',
        },
      },
    },
  }
  return built
}

/** A failed API call, with the server's own { message }. */
export class ApiError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** Calls the store's API from the browser: JSON in, JSON out, cookies included. */
export async function api<T>(path: string, body?: unknown): Promise<T> {
  let res: Response
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, 'You appear to be offline. Check your connection and try again.')
  }
  const data = (await res.json().catch(() => null)) as unknown
  if (!res.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : 'Something went wrong. Please try again.'
    throw new ApiError(res.status, message)
  }
  return data as T
}

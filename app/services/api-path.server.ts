import type { ApiRoutes } from '#api/routers'

/** A path the API declares, as its router spells it: '/documents/:id/text/'. */
export type ApiPattern = keyof ApiRoutes & string

/** The methods the API answers on a path, as a request names them: 'GET', 'PATCH', … */
export type ApiMethod<P extends ApiPattern> = keyof ApiRoutes[P] extends `$${infer Method}` ? Uppercase<Method> : never

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The values of a path's `:parameters`, by name. */
export type ApiParams<P extends string> = { [Name in ParamNames<P>]: string | number }

declare const pattern: unique symbol
/** A request's path with its query, made by `apiPath` from a path the API declares. */
export type ApiPath<P extends ApiPattern = ApiPattern> = string & { readonly [pattern]: P }

type Query = URLSearchParams | string

/**
 * The path of a request to the API: `pattern` must be one the API's routers declare, so a path
 * changed or removed there fails the type check here, and each of its parameters must be given.
 * Parameters are encoded; `query` (without its "?") is appended when not empty.
 */
export function apiPath<P extends ApiPattern>(
  pattern: P,
  ...[params, query]: [ParamNames<P>] extends [never]
    ? [params?: undefined, query?: Query]
    : [params: ApiParams<P>, query?: Query]
): ApiPath<P> {
  const values: Record<string, string | number> = params ?? {}
  const path = pattern.replace(/:([^/]+)/g, (_, name: string) => encodeURIComponent(String(values[name])))
  const search = String(query ?? '')
  return (search ? `${path}?${search}` : path) as ApiPath<P>
}

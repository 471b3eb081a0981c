import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const routes = path.resolve(__dirname, '../../app/routes')

// The order a reader finds things in every route module, so the next route is written the same way.
const ORDER = ['meta', 'schema', 'loader', 'action', 'component', 'ErrorBoundary'] as const
type Part = (typeof ORDER)[number]

function isExported(statement: ts.Statement) {
  return (
    ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  )
}

function isDefault(statement: ts.Statement) {
  return (
    ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
  )
}

function partOf(name: string, exported: boolean): Part | null {
  if (/Schema$/.test(name)) return 'schema'
  if (!exported) return null
  return (['meta', 'loader', 'action', 'ErrorBoundary'] as const).find((part) => part === name) ?? null
}

/** The parts of a route module in the order they are declared at its top level. */
function partsOf(source: string): Part[] {
  const file = ts.createSourceFile('route.tsx', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX)
  const parts: Part[] = []
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement) || isDefault(statement)) {
      parts.push('component')
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      const part = partOf(statement.name.text, isExported(statement) ?? false)
      if (part) parts.push(part)
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue
        const part = partOf(declaration.name.text, isExported(statement) ?? false)
        if (part) parts.push(part)
      }
    }
  }
  return parts
}

/** The parts declared after a part that should come after them. */
function outOfOrder(parts: Part[]) {
  let furthest = 0
  return parts.filter((part) => {
    const rank = ORDER.indexOf(part)
    furthest = Math.max(furthest, rank)
    return rank < furthest
  })
}

describe('route modules', () => {
  it('recognises a module written out of order', () => {
    const parts = partsOf(`
      export async function loader() { return null }
      export const meta = () => []
      const LoginSchema = z.object({})
      export default function Page() { return null }
      export function ErrorBoundary() { return null }
    `)
    expect(parts).toEqual(['loader', 'meta', 'schema', 'component', 'ErrorBoundary'])
    expect(outOfOrder(parts)).toEqual(['meta', 'schema'])
  })

  const files = readdirSync(routes).filter((file) => /\.tsx?$/.test(file))
  it.each(files)('%s declares meta, schema, loader, action, component and ErrorBoundary in that order', (file) => {
    const parts = partsOf(readFileSync(path.join(routes, file), 'utf8'))
    expect(outOfOrder(parts), `${file}: ${parts.join(', ')}`).toEqual([])
  })
})

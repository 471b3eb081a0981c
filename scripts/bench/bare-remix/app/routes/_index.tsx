import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

export const meta: MetaFunction = () => [{ title: 'Bare Remix page' }]

export function loader() {
  return json({ items: ['Valuation', 'Succession', 'Due diligence'], at: new Date().toISOString() })
}

export default function Index() {
  const { items, at } = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>Bare Remix page</h1>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>Rendered at {at}</p>
    </main>
  )
}
